import {
  addMonths,
  type Category,
  type EntryType,
  lastDayOfMonth,
  type MonthlyReport,
  type ReportCategory,
  type ReportDay,
  type ReportTotals,
  TOP_EXPENSES,
  type Transaction,
} from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/*
 * GET /api/v1/reports/monthly's figures, as three queries that stay fast however many entries
 * the month holds (benchmark: apps/server/bench/reports.bench.ts, a month of 100,000):
 * - totals and categories of the month and the one before: ledger_month_totals (kept by the
 *   triggers of 005_ledger.sql), a few dozen rows;
 * - the daily series: ledger_day_totals (kept by the triggers of 013_reports.sql), ≤ 31 days ×
 *   categories rows;
 * - the top expenses: the first rows of transactions_month_top_expense_idx.
 */

type MonthParams = { ledgerId: number; month: string }

/** Every `YYYY-MM-DD` of the month, in order. */
export function daysOfMonth(month: string): string[] {
  return Array.from(
    { length: lastDayOfMonth(month) },
    (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`,
  )
}

function totalsOf(rows: ReadonlyArray<{ type: EntryType; total_cents: number }>): ReportTotals {
  let income = 0
  let expense = 0
  for (const row of rows) {
    if (row.type === 'income') income += row.total_cents
    else expense += row.total_cents
  }
  return { income_cents: income, expense_cents: expense, balance_cents: income - expense }
}

type TotalRow = {
  current: boolean
  type: EntryType
  category: Category
  total_cents: number
  count: number
}

/** The month's and the previous month's totals per category, from ledger_month_totals. */
export async function categoryTotals(
  db: Queryable,
  { ledgerId, month }: MonthParams,
): Promise<{ current: ReportTotals; previous: ReportTotals; byCategory: ReportCategory[] }> {
  const { rows } = await db.query<TotalRow>(
    `select month = $2::date as current, type, category, total_cents, entries as count
       from ledger_month_totals
      where ledger_id = $1 and month in ($2::date, $3::date) and entries > 0`,
    [ledgerId, `${month}-01`, `${addMonths(month, -1)}-01`],
  )
  const current = rows.filter((r) => r.current)
  const before = rows.filter((r) => !r.current)
  const previousOf = new Map(before.map((r) => [`${r.type}:${r.category}`, r.total_cents]))
  const byCategory = current
    .map((r) => ({
      category: r.category,
      type: r.type,
      total_cents: r.total_cents,
      count: r.count,
      previous_cents: previousOf.get(`${r.type}:${r.category}`) ?? 0,
    }))
    .sort((a, b) => b.total_cents - a.total_cents || a.category.localeCompare(b.category))
  return { current: totalsOf(current), previous: totalsOf(before), byCategory }
}

/** Income and expenses per day, every day of the month (zeros included), from ledger_day_totals. */
export async function dailyTotals(
  db: Queryable,
  { ledgerId, month }: MonthParams,
): Promise<ReportDay[]> {
  const { rows } = await db.query<{ day: string; income: number; expense: number }>(
    `select day::text as day,
            coalesce(sum(total_cents) filter (where type = 'income'), 0)::bigint as income,
            coalesce(sum(total_cents) filter (where type = 'expense'), 0)::bigint as expense
       from ledger_day_totals
      where ledger_id = $1 and day >= $2::date
        and day < ($2::date + interval '1 month')::date
        and entries > 0
      group by day`,
    [ledgerId, `${month}-01`],
  )
  const byDay = new Map(rows.map((r) => [r.day, r]))
  return daysOfMonth(month).map((date) => ({
    date,
    income_cents: byDay.get(date)?.income ?? 0,
    expense_cents: byDay.get(date)?.expense ?? 0,
  }))
}

/**
 * The month's largest expenses, largest first (ties: the later recorded first), as the API
 * returns an entry: with who recorded it (null once that account is deleted).
 */
export async function topExpenses(
  db: Queryable,
  { ledgerId, month, limit = TOP_EXPENSES }: MonthParams & { limit?: number },
): Promise<Transaction[]> {
  const { rows } = await db.query<Omit<Transaction, 'created_at'> & { created_at: Date }>(
    `select t.id, t.type, t.amount_cents, t.description, t.category, t.occurred_on,
            t.created_at, t.source, t.account_id,
            case when cb.id is null then null
                 else json_build_object('id', cb.id, 'name', cb.name) end as created_by
       from transactions t
       left join profiles cb on cb.id = t.created_by
      where t.ledger_id = $1 and t.type = 'expense'
        and date_trunc('month', t.occurred_on::timestamp) = $2::timestamp
      order by t.amount_cents desc, t.id desc
      limit $3`,
    [ledgerId, `${month}-01`, limit],
  )
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }))
}

/** The whole monthly report (ARCHITECTURE §8). */
export async function monthlyReport(db: Queryable, params: MonthParams): Promise<MonthlyReport> {
  const [totals, daily, top] = await Promise.all([
    categoryTotals(db, params),
    dailyTotals(db, params),
    topExpenses(db, params),
  ])
  return {
    month: params.month,
    ...totals.current,
    previous: totals.previous,
    by_category: totals.byCategory,
    daily,
    top_expenses: top,
  }
}
