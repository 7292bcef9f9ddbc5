import { addDays, monthLabel, type PeriodReportView } from '@equilibrai/assistant'
import {
  addMonths,
  type Category,
  type EntryType,
  formatDayMonth,
  MONTH_NAMES_PT_BR,
} from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import { categoryTotals } from './monthly-report.queries.ts'

/*
 * The figures of a text report (WhatsApp 'relatório', the scheduled weekly and monthly ones)
 * for the pure wording in @equilibrai/assistant (reportReplies.periodReport).
 */

type CategoryRow = { type: EntryType; category: Category; total_cents: number; count: number }

/** Totals per category of the entries between two days (inclusive), from ledger_day_totals. */
export async function rangeCategoryTotals(
  db: Queryable,
  { ledgerId, from, to }: { ledgerId: number; from: string; to: string },
): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    `select type, category, sum(total_cents)::bigint as total_cents, sum(entries)::int as count
       from ledger_day_totals
      where ledger_id = $1 and day between $2::date and $3::date
      group by type, category
     having sum(entries) > 0`,
    [ledgerId, from, to],
  )
  return rows
}

function sums(rows: readonly CategoryRow[]) {
  let income = 0
  let expense = 0
  let entries = 0
  for (const r of rows) {
    if (r.type === 'income') income += r.total_cents
    else expense += r.total_cents
    entries += r.count
  }
  return { income_cents: income, expense_cents: expense, entries }
}

/** A month's report, compared with the month before (from ledger_month_totals). */
export async function monthReportView(
  db: Queryable,
  { ledgerId, month }: { ledgerId: number; month: string },
): Promise<PeriodReportView> {
  const totals = await categoryTotals(db, { ledgerId, month })
  const previousName = MONTH_NAMES_PT_BR[Number(addMonths(month, -1).slice(5, 7))] ?? ''
  return {
    title: monthLabel(month),
    previousLabel: `a ${previousName}`,
    income_cents: totals.current.income_cents,
    expense_cents: totals.current.expense_cents,
    previous: {
      income_cents: totals.previous.income_cents,
      expense_cents: totals.previous.expense_cents,
    },
    categories: totals.byCategory,
    entries: totals.byCategory.reduce((n, r) => n + r.count, 0),
  }
}

/** The report of the 7 days from `from` to `to`, compared with the 7 days before. */
export async function weekReportView(
  db: Queryable,
  {
    ledgerId,
    from,
    to,
    previousLabel = 'aos 7 dias anteriores',
  }: { ledgerId: number; from: string; to: string; previousLabel?: string },
): Promise<PeriodReportView> {
  const [current, before] = await Promise.all([
    rangeCategoryTotals(db, { ledgerId, from, to }),
    rangeCategoryTotals(db, { ledgerId, from: addDays(from, -7), to: addDays(to, -7) }),
  ])
  const now = sums(current)
  const then = sums(before)
  return {
    title: `${formatDayMonth(from)} a ${formatDayMonth(to)}`,
    previousLabel,
    income_cents: now.income_cents,
    expense_cents: now.expense_cents,
    previous: { income_cents: then.income_cents, expense_cents: then.expense_cents },
    categories: current,
    entries: now.entries,
  }
}
