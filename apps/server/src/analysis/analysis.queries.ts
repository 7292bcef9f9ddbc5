import {
  addMonths,
  type Analysis,
  type Category,
  type CategoryChange,
  categoryType,
  type EntryType,
  type IsoDate,
  lastDayOfMonth,
  type MonthTotals,
} from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import { changePct, projectCategory } from './projection.ts'

/**
 * GET /api/v1/analysis: the last `months` months' totals (ending with today's month), this
 * month's categories against their 3-month average, the end-of-month projection
 * (projection.ts), and the biggest movers. `today` is São Paulo's date (a parameter, so tests
 * fix it). Month totals come from ledger_month_totals (a few rows a month); only this month's
 * split around today reads the entries.
 */
export async function analyzeLedger(
  db: Queryable,
  { ledgerId, months, today }: { ledgerId: number; months: number; today: IsoDate },
): Promise<Analysis> {
  const current = today.slice(0, 7)
  const first = addMonths(current, -(Math.max(months, 4) - 1))
  const { rows: totals } = await db.query<{
    month: string
    type: EntryType
    category: Category
    total_cents: number
    entries: number
  }>(
    `select to_char(month, 'YYYY-MM') as month, type, category, total_cents, entries
       from ledger_month_totals
      where ledger_id = $1 and month >= $2::date and month <= $3::date and entries > 0`,
    [ledgerId, `${first}-01`, `${current}-01`],
  )
  const monthStart = `${current}-01`
  const monthEnd = `${current}-${String(lastDayOfMonth(current)).padStart(2, '0')}`
  // fixed: recorded by a recurring rule or as a bill's payment; they come once a month.
  const { rows: split } = await db.query<{
    category: Category
    so_far: number
    fixed_so_far: number
    future: number
  }>(
    `with fixed as (
       select o.transaction_id as id from recurring_occurrences o
         join recurring_entries r on r.id = o.recurring_id
        where r.ledger_id = $1 and o.occurs_on >= $2::date and o.transaction_id is not null
       union
       select paid_transaction_id from bills
        where ledger_id = $1 and paid_transaction_id is not null
     )
     select category,
            coalesce(sum(amount_cents) filter (where occurred_on <= $3::date), 0)::bigint as so_far,
            coalesce(sum(amount_cents) filter (
              where occurred_on <= $3::date and id in (select id from fixed)), 0)::bigint
              as fixed_so_far,
            coalesce(sum(amount_cents) filter (where occurred_on > $3::date), 0)::bigint as future
       from transactions
      where ledger_id = $1 and occurred_on >= $2::date and occurred_on <= $4::date
      group by category`,
    [ledgerId, monthStart, today, monthEnd],
  )
  // Still to come this month: recurring entries not recorded yet and unpaid bills.
  const { rows: scheduled } = await db.query<{ category: Category; cents: number }>(
    `select category, sum(cents)::bigint as cents from (
       select category, amount_cents as cents from recurring_entries
        where ledger_id = $1 and cancelled_at is null and next_on >= $2::date and next_on <= $3::date
       union all
       select coalesce(category, 'outros'), amount_cents from bills
        where ledger_id = $1 and paid_on is null and amount_cents is not null
          and due_on >= $2::date and due_on <= $3::date
     ) s group by category`,
    [ledgerId, today, monthEnd],
  )

  const series: MonthTotals[] = []
  for (let i = months - 1; i >= 0; i--) {
    const month = addMonths(current, -i)
    let income = 0
    let expense = 0
    for (const t of totals) {
      if (t.month !== month) continue
      if (t.type === 'income') income += t.total_cents
      else expense += t.total_cents
    }
    series.push({
      month,
      income_cents: income,
      expense_cents: expense,
      balance_cents: income - expense,
    })
  }

  const previous = new Set([1, 2, 3].map((k) => addMonths(current, -k)))
  const byCategory = new Map<Category, { sum3: number }>()
  for (const t of totals) {
    if (!previous.has(t.month)) continue
    const acc = byCategory.get(t.category) ?? { sum3: 0 }
    acc.sum3 += t.total_cents
    byCategory.set(t.category, acc)
  }
  const splitOf = new Map(split.map((s) => [s.category, s]))
  const scheduledOf = new Map(scheduled.map((s) => [s.category, s.cents]))
  const clock = { day: Number(today.slice(8, 10)), daysInMonth: lastDayOfMonth(current) }

  const categories: CategoryChange[] = []
  for (const category of new Set<Category>([
    ...byCategory.keys(),
    ...splitOf.keys(),
    ...scheduledOf.keys(),
  ])) {
    const history = byCategory.get(category) ?? { sum3: 0 }
    const now = splitOf.get(category) ?? { so_far: 0, fixed_so_far: 0, future: 0 }
    const thisMonth = now.so_far + now.future
    const average = Math.round(history.sum3 / 3)
    categories.push({
      category,
      type: categoryType(category),
      this_month_cents: thisMonth,
      average_3m_cents: average,
      change_pct: changePct(thisMonth, average),
      projected_cents: projectCategory(
        {
          type: categoryType(category),
          soFarCents: now.so_far,
          fixedSoFarCents: now.fixed_so_far,
          futureCents: now.future,
          scheduledCents: scheduledOf.get(category) ?? 0,
        },
        clock,
      ),
    })
  }
  categories.sort(
    (a, b) =>
      (a.type === b.type ? 0 : a.type === 'expense' ? -1 : 1) ||
      b.this_month_cents - a.this_month_cents ||
      b.average_3m_cents - a.average_3m_cents ||
      a.category.localeCompare(b.category),
  )

  let income = 0
  let expense = 0
  for (const c of categories) {
    if (c.type === 'income') income += c.projected_cents
    else expense += c.projected_cents
  }
  const movers = [...categories]
    .filter((c) => c.projected_cents !== c.average_3m_cents)
    .sort(
      (a, b) =>
        Math.abs(b.projected_cents - b.average_3m_cents) -
          Math.abs(a.projected_cents - a.average_3m_cents) || a.category.localeCompare(b.category),
    )
    .slice(0, 3)

  return {
    months: series,
    categories,
    projection: {
      month: current,
      income_cents: income,
      expense_cents: expense,
      balance_cents: income - expense,
      days_elapsed: clock.day,
      days_in_month: clock.daysInMonth,
    },
    movers,
  }
}
