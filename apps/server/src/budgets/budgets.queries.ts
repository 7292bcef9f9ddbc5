import type { BudgetRow, Category } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/*
 * Monthly budgets per expense category (ARCHITECTURE §8). A budget set in a month holds from
 * that month on until changed: month M's budget is the row with the latest from_month ≤ M, and
 * a removal is a row with a null limit. Changing a budget never rewrites past months.
 */

/** Sets (limitCents) or removes (null) the category's budget from `month` on. */
export async function setBudget(
  db: Queryable,
  p: { ledgerId: number; category: Category; month: string; limitCents: number | null },
): Promise<void> {
  await db.query(
    `insert into budgets (ledger_id, category, from_month, limit_cents)
     values ($1, $2, $3::date, $4)
     on conflict (ledger_id, category, from_month)
       do update set limit_cents = excluded.limit_cents, updated_at = now()`,
    [p.ledgerId, p.category, `${p.month}-01`, p.limitCents],
  )
}

/** Each budget in force in `month` with what the month spent in its category, by category. */
export async function budgetsForMonth(
  db: Queryable,
  { ledgerId, month }: { ledgerId: number; month: string },
): Promise<BudgetRow[]> {
  const { rows } = await db.query<{ category: Category; limit_cents: string; spent_cents: string }>(
    `select b.category, b.limit_cents,
            coalesce((select t.total_cents from ledger_month_totals t
                       where t.ledger_id = b.ledger_id and t.month = $2::date
                         and t.type = 'expense' and t.category = b.category), 0) as spent_cents
       from (select distinct on (category) category, limit_cents, ledger_id
               from budgets
              where ledger_id = $1 and from_month <= $2::date
              order by category, from_month desc) b
      where b.limit_cents is not null
      order by b.category`,
    [ledgerId, `${month}-01`],
  )
  return rows.map((r) => {
    const limit = Number(r.limit_cents)
    const spent = Number(r.spent_cents)
    return {
      category: r.category,
      limit_cents: limit,
      spent_cents: spent,
      percent: Math.floor((spent * 100) / limit),
    }
  })
}
