import type { CategoryTotal, MonthSummary } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/**
 * A month's totals per category, read from ledger_month_totals: the triggers on transactions
 * keep it in step with every insert, edit and delete, so this reads a handful of rows however
 * many entries the month holds.
 */
export async function monthSummary(
  db: Queryable,
  { ledgerId, month }: { ledgerId: number; month: string },
): Promise<MonthSummary> {
  const { rows } = await db.query<CategoryTotal>(
    `select type, category, total_cents, entries as count
       from ledger_month_totals
      where ledger_id = $1 and month = $2::date and entries > 0
      order by total_cents desc, category`,
    [ledgerId, `${month}-01`],
  )
  let income = 0
  let expense = 0
  for (const row of rows) {
    if (row.type === 'income') income += row.total_cents
    else expense += row.total_cents
  }
  return {
    month,
    income_cents: income,
    expense_cents: expense,
    balance_cents: income - expense,
    by_category: rows,
  }
}

/**
 * The same figures computed from the entries themselves: the definition the totals table must
 * always agree with (tests compare the two).
 */
export async function monthSummaryFromEntries(
  db: Queryable,
  { ledgerId, month }: { ledgerId: number; month: string },
): Promise<CategoryTotal[]> {
  const { rows } = await db.query<CategoryTotal>(
    `select type, category, sum(amount_cents)::bigint as total_cents, count(*)::int as count
       from transactions
      where ledger_id = $1
        and occurred_on >= $2::date
        and occurred_on < ($2::date + interval '1 month')::date
      group by type, category
      order by total_cents desc, category`,
    [ledgerId, `${month}-01`],
  )
  return rows
}

/**
 * Totals per category of the entries dated from..to (inclusive): 'quanto gastei semana
 * passada'. Read from the entries (a week is a few rows; the month table has no days).
 */
export async function rangeSummary(
  db: Queryable,
  { ledgerId, from, to }: { ledgerId: number; from: string; to: string },
): Promise<{
  from: string
  to: string
  income_cents: number
  expense_cents: number
  by_category: CategoryTotal[]
}> {
  const { rows } = await db.query<CategoryTotal>(
    `select type, category, sum(amount_cents)::bigint as total_cents, count(*)::int as count
       from transactions
      where ledger_id = $1 and occurred_on between $2::date and $3::date
      group by type, category
      order by total_cents desc, category`,
    [ledgerId, from, to],
  )
  let income = 0
  let expense = 0
  for (const row of rows) {
    if (row.type === 'income') income += Number(row.total_cents)
    else expense += Number(row.total_cents)
  }
  return { from, to, income_cents: income, expense_cents: expense, by_category: rows }
}
