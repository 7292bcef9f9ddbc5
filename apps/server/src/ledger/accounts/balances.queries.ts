import type { Queryable } from '../../platform/index.ts'

/*
 * An account's balance (ARCHITECTURE §9): opening + income − expense + transfers in − transfers
 * out, counting what is dated up to `today`. A card's expenses make it negative: minus what is
 * owed. The entries part is the account's running total (account_totals) less what is dated
 * after today (account_day_totals: a few days of installments), both kept by the triggers of
 * migration 018; the transfers part sums the account's transfers through their (account, day)
 * indexes. So a balance costs the same for 100 or 100,000 entries.
 */

/** SQL: the balance of the account row `a` on the day `today` (a parameter reference). */
export function balanceSql(today: string): string {
  return `(a.opening_balance_cents
    + coalesce((select s.net_cents from account_totals s where s.account_id = a.id), 0)
    - coalesce((select sum(d.net_cents) from account_day_totals d
                 where d.account_id = a.id and d.day > ${today}), 0)
    + coalesce((select sum(t.amount_cents) from transfers t
                 where t.to_account_id = a.id and t.occurred_on <= ${today}), 0)
    - coalesce((select sum(t.amount_cents) from transfers t
                 where t.from_account_id = a.id and t.occurred_on <= ${today}), 0))::bigint`
}

/**
 * The same figure computed from the entries themselves: the definition the totals table must
 * always agree with (tests compare the two).
 */
export async function balanceFromEntries(
  db: Queryable,
  { accountId, today }: { accountId: number; today: string },
): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(
    `select (a.opening_balance_cents
       + coalesce((select sum(case when x.type = 'income' then x.amount_cents
                                   else -x.amount_cents end)
                     from transactions x where x.account_id = a.id and x.occurred_on <= $2), 0)
       + coalesce((select sum(t.amount_cents) from transfers t
                    where t.to_account_id = a.id and t.occurred_on <= $2), 0)
       - coalesce((select sum(t.amount_cents) from transfers t
                    where t.from_account_id = a.id and t.occurred_on <= $2), 0))::bigint
       as balance
       from accounts a where a.id = $1`,
    [accountId, today],
  )
  return rows[0]?.balance ?? 0
}
