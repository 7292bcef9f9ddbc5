import { type Category, CATEGORY_LABELS, formatBRL, type Transaction } from '@equilibrai/shared'
import { monthLabel } from '@equilibrai/assistant'
import type { Queryable } from '../platform/index.ts'
import { type LedgerRef, planHasFeatureSql } from '../tenancy/index.ts'
import { type NewAlert, recordAlerts } from './alerts.ts'
import { type CategoryHistory, HIGH_SPENDING_RULE, isHighSpending } from './high-spending.ts'

/*
 * The alerts an entry can cause (ARCHITECTURE §8, plan feature alertas_orçamento), checked by
 * recordEntry (ledger/entries.ts) in the entry's own transaction, so every way in (web,
 * WhatsApp, API, recurring entries) triggers them alike.
 *
 * Budgets: the month's spending of the category is read from ledger_month_totals, which the
 * entry's INSERT trigger has just updated under that row's lock, so concurrent entries of one
 * category see each other's totals in order; and each threshold is recorded with the unique
 * (ledger, 'budget_80:<category>:<month>') key, so even two transactions that both see the
 * month past 80 % make one alert between them.
 *
 * Cost for an entry with nothing to say: one round trip (the plan's flag, the category's budget,
 * total and recorded budget alerts, and the 90/180-day history when the expense is large enough
 * to be "high spending" at all); benchmarked in apps/server/bench/alerts.bench.ts.
 */

type Snapshot = {
  /** The entry's place in the batch (1-based). */
  ord: string
  has_feature: boolean
  limit_cents: string | null
  /** The month's spending after this entry: the batch's later entries of the key taken out. */
  spent_cents: string | null
  /** From 80 % of the budget: its keys for this category and month already recorded. */
  recorded: string[] | null
  /** The category's history, read only when the expense may be "high spending" (else null). */
  count: number | null
  median_cents: number | null
  max_cents: number | null
}

/** An entry to check, as the entry hooks give it. */
export type EntryToCheck = {
  ledger: LedgerRef
  entry: Transaction
  highSpending?: boolean
  /**
   * Written with the others but not to be checked (its caller knows nobody listens): only a
   * later entry of the batch, which the earlier ones must not see.
   */
  quiet?: boolean
}

/** The alerts of one entry just written (a batch of one, checkEntriesAlerts). */
export async function checkEntryAlerts(tx: Queryable, item: EntryToCheck): Promise<void> {
  const [record] = await checkEntriesAlerts(tx, [item])
  await record?.()
}

/**
 * The alerts of entries just written together (recordEntries: a batch of WhatsApp messages, or
 * one entry), read in ONE statement, with the outcome of checking them one after the other in
 * the order given (ADR 024, 2026-11-26 night): the k-th entry of a (ledger, category, month)
 * sees the month's spending with entries 1..k of the batch (the statement takes the later ones'
 * amounts out of the total the insert has already moved), and a history without the batch's
 * entries from k on. Returns, for each entry in order, what records its alerts; the caller runs
 * them in that order (between the entries' events, as one by one), and an alert an earlier entry
 * of the batch recorded is not recorded again, as the check one by one would have read it.
 */
export async function checkEntriesAlerts(
  tx: Queryable,
  items: readonly EntryToCheck[],
): Promise<(() => Promise<void>)[]> {
  const rule = HIGH_SPENDING_RULE
  const expenses = items.flatMap((item, i) =>
    item.entry.type === 'expense'
      ? [
          {
            ...item,
            i,
            large:
              !item.quiet &&
              (item.highSpending ?? true) &&
              item.entry.amount_cents >= rule.minAmountCents,
          },
        ]
      : [],
  )
  const steps: (() => Promise<void>)[] = items.map(() => async () => {})
  if (expenses.every((e) => e.quiet)) return steps
  // One round trip for the batch: each entry's plan flag, budget, spending after it, recorded
  // budget alerts (from 80 % on) and — only for a large expense under a plan with the feature —
  // its 90/180-day history. Named: prepared once per connection.
  const { rows } =
    expenses.length === 1 && expenses[0]
      ? await checkOne(tx, expenses[0])
      : await tx.query<Snapshot>({
          name: 'entry-alerts-check-batch',
          text: CHECK_SQL,
          values: [
            expenses.map((e) => e.ledger.ledgerId),
            expenses.map((e) => e.ledger.ownerId),
            expenses.map((e) => e.entry.category),
            expenses.map((e) => `${e.entry.occurred_on.slice(0, 7)}-01`),
            expenses.map((e) => e.entry.amount_cents),
            expenses.map((e) => e.entry.id),
            expenses.map((e) => e.entry.occurred_on),
            expenses.map((e) => e.large),
            expenses.map((e) => !e.quiet),
            rule.medianWindowDays,
            rule.maxWindowDays,
          ],
        })
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]))
  // Budget keys recorded by an earlier entry of this batch (per ledger), as one by one would read.
  const recordedHere = new Set<string>()
  for (const [n, e] of expenses.entries()) {
    const snap = byOrd.get(n + 1)
    if (e.quiet || !snap?.has_feature) continue
    const month = e.entry.occurred_on.slice(0, 7)
    const budget: NewAlert[] = []
    if (snap.limit_cents !== null && snap.spent_cents !== null) {
      const recorded = new Set(snap.recorded ?? [])
      for (const alert of budgetAlertsFor({
        ledger: e.ledger,
        category: e.entry.category,
        month,
        limitCents: Number(snap.limit_cents),
        spentCents: Number(snap.spent_cents),
      })) {
        const key = `${alert.ledgerId}\u0000${alert.dedupeKey}`
        if (recorded.has(alert.dedupeKey) || recordedHere.has(key)) continue
        recordedHere.add(key)
        budget.push(alert)
      }
    }
    const history =
      e.large && snap.count !== null
        ? {
            count: snap.count,
            medianCents: Number(snap.median_cents ?? 0),
            maxCents: Number(snap.max_cents ?? 0),
          }
        : null
    steps[e.i] = async () => {
      // One at a time: an alert recorded alone keeps its own keyed delivery job. Those already
      // recorded are not inserted again (their unique key would refuse them anyway; a
      // concurrent entry that records one first still meets that key).
      for (const alert of budget) await recordAlerts(tx, [alert])
      if (history) await highSpendingAlert(tx, { ledger: e.ledger, entry: e.entry, history })
    }
  }
  return steps
}

/** checkEntriesAlerts' statement for one entry (not quiet: a lone quiet one is not checked). */
function checkOne(tx: Queryable, e: EntryToCheck & { large: boolean }) {
  const { ledger, entry } = e
  const month = entry.occurred_on.slice(0, 7)
  const rule = HIGH_SPENDING_RULE
  const budgetKeys = [
    `budget_80:${entry.category}:${month}`,
    `budget_100:${entry.category}:${month}`,
  ]
  return tx.query<Snapshot>(
    e.large
      ? {
          name: 'entry-alerts-check-history',
          text: checkSql(true),
          values: [
            ledger.ledgerId,
            entry.category,
            `${month}-01`,
            ledger.ownerId,
            budgetKeys,
            entry.occurred_on,
            rule.medianWindowDays,
            rule.maxWindowDays,
            entry.id,
          ],
        }
      : {
          name: 'entry-alerts-check',
          text: checkSql(false),
          values: [ledger.ledgerId, entry.category, `${month}-01`, ledger.ownerId, budgetKeys],
        },
  )
}

/**
 * The statement for a batch of one (recordEntry, an edit: most entries outside WhatsApp); with
 * `history`, also the category's 90/180-day history ($6–$9). The batch's array form costs a
 * plan each call (≈ 0.7 ms: its custom plans, not its rows), these two settle on generic plans
 * (p50 0.14 ms in `npm run bench -- alerts`); for one entry they decide the same.
 */
function checkSql(history: boolean): string {
  return `select 1 as ord, x.has_feature, x.limit_cents, x.spent_cents,
            case when x.spent_cents * 100 >= x.limit_cents * 80 then
              array(select a.dedupe_key from alerts a
                     where a.ledger_id = $1 and a.dedupe_key = any($5::text[])) end as recorded,
            ${history ? 'h.count, h.median_cents, h.max_cents' : 'null::int as count, null::float8 as median_cents, null::bigint as max_cents'}
       from (select ${planHasFeatureSql('alertas_orçamento')} as has_feature,
               (select b.limit_cents from budgets b
                 where b.ledger_id = $1 and b.category = $2 and b.from_month <= $3::date
                 order by b.from_month desc limit 1) as limit_cents,
               (select t.total_cents from ledger_month_totals t
                 where t.ledger_id = $1 and t.month = $3::date and t.type = 'expense'
                   and t.category = $2) as spent_cents
          from subscribers s join plan_features p on p.plan_type = s.plan_type
         where s.user_id = $4) x${
           history
             ? `
       left join lateral (
         select count(*) filter (where occurred_on >= $6::date - $7::int)::int as count,
                percentile_cont(0.5) within group (order by amount_cents)
                  filter (where occurred_on >= $6::date - $7::int) as median_cents,
                max(amount_cents) as max_cents
           from transactions
          where x.has_feature
            and ledger_id = $1 and category = $2 and type = 'expense'
            and occurred_on between $6::date - $8::int and $6::date
            and id <> $9) h on true`
             : ''
}`
}

/**
 * The batch check's statement ($1–$9 one element per expense, in order, $9 false for a quiet
 * one; $10, $11 the history's windows). The spending an entry sees is the month's total (moved by the whole batch's insert)
 * less the batch's later expenses of the same key; the recorded keys are read from 80 % on; the
 * history (a lateral run only for large expenses under a plan with the feature) leaves out the
 * entry itself and the batch's later entries of its ledger.
 */
const CHECK_SQL = `with b as (
    select * from unnest($1::bigint[], $2::text[], $3::text[], $4::date[], $5::bigint[],
                         $6::bigint[], $7::date[], $8::bool[], $9::bool[])
      with ordinality as b(ledger_id, owner_id, category, month, amount_cents, id, occurred_on,
                           large, checked, ord))
  select b.ord, x.has_feature, x.limit_cents, x.spent_cents,
         case when x.spent_cents * 100 >= x.limit_cents * 80 then
           array(select a.dedupe_key from alerts a
                  where a.ledger_id = b.ledger_id
                    and a.dedupe_key = any(array[
                      'budget_80:' || b.category || ':' || to_char(b.month, 'YYYY-MM'),
                      'budget_100:' || b.category || ':' || to_char(b.month, 'YYYY-MM')])) end
           as recorded,
         h.count, h.median_cents, h.max_cents
    from b
    cross join lateral (
      select ${planHasFeatureSql('alertas_orçamento')} as has_feature,
             (select bu.limit_cents from budgets bu
               where bu.ledger_id = b.ledger_id and bu.category = b.category
                 and bu.from_month <= b.month
               order by bu.from_month desc limit 1) as limit_cents,
             (select t.total_cents from ledger_month_totals t
               where t.ledger_id = b.ledger_id and t.month = b.month and t.type = 'expense'
                 and t.category = b.category)
             - (select coalesce(sum(l.amount_cents), 0) from b l
                 where l.ledger_id = b.ledger_id and l.category = b.category
                   and l.month = b.month and l.ord > b.ord) as spent_cents
        from subscribers s join plan_features p on p.plan_type = s.plan_type
       where s.user_id = b.owner_id) x
    left join lateral (
      select count(*) filter (where t.occurred_on >= b.occurred_on - $10::int)::int as count,
             percentile_cont(0.5) within group (order by t.amount_cents)
               filter (where t.occurred_on >= b.occurred_on - $10::int) as median_cents,
             max(t.amount_cents) as max_cents
        from transactions t
       where b.large and x.has_feature
         and t.ledger_id = b.ledger_id and t.category = b.category and t.type = 'expense'
         and t.occurred_on between b.occurred_on - $11::int and b.occurred_on
         and t.id <> all(array(select l.id from b l
                               where l.ledger_id = b.ledger_id and l.ord >= b.ord))) h on true
   where b.checked`

const name = (category: Category) => CATEGORY_LABELS[category]

/**
 * The budget alerts a category's month calls for once its spending is `spentCents`: none below
 * 80 %, budget_80 from 80 %, and budget_100 too from 100 % (then budget_80 is recorded without
 * being sent, so it never comes later). Recording them is idempotent (their keys).
 */
function budgetAlertsFor(p: {
  ledger: LedgerRef
  category: Category
  month: string
  limitCents: number
  spentCents: number
}): NewAlert[] {
  const percent = Math.floor((p.spentCents * 100) / p.limitCents)
  if (percent < 80) return []
  const label = monthLabel(p.month)
  const amounts = `${formatBRL(p.spentCents)} de ${formatBRL(p.limitCents)}`
  const base = { ledgerId: p.ledger.ledgerId, userId: p.ledger.ownerId, category: p.category }
  const over = percent >= 100
  const eighty: NewAlert = {
    ...base,
    kind: 'budget_80',
    dedupeKey: `budget_80:${p.category}:${p.month}`,
    text: `⚠️ Você já usou ${percent}% do orçamento de *${name(p.category)}* em ${label}: ${amounts}.`,
    // Past 100 % in the same entry: the 100 % message says it all; 80 % is kept so it never
    // comes later.
    deliver: !over,
  }
  if (!over) return [eighty]
  return [
    eighty,
    {
      ...base,
      kind: 'budget_100',
      dedupeKey: `budget_100:${p.category}:${p.month}`,
      text: `🚨 Você passou do orçamento de *${name(p.category)}* em ${label}: ${amounts} (${percent}%).`,
    },
  ]
}

async function highSpendingAlert(
  tx: Queryable,
  { ledger, entry, history }: { ledger: LedgerRef; entry: Transaction; history: CategoryHistory },
): Promise<void> {
  if (!isHighSpending(entry.amount_cents, history)) return
  await recordAlerts(tx, [
    {
      ledgerId: ledger.ledgerId,
      userId: ledger.ownerId,
      kind: 'high_spending',
      category: entry.category,
      dedupeKey: `high:${entry.id}`,
      text:
        `💸 Gasto alto: ${formatBRL(entry.amount_cents)} em *${name(entry.category)}* ` +
        `(${entry.description.replace(/\*/g, '')}), bem acima do seu normal nessa categoria ` +
        `(mediana de ${formatBRL(Math.round(history.medianCents))} nos últimos 90 dias).`,
    },
  ])
}

/**
 * The budget alerts of many recorded entries at once (the recurring_entries run), set-based:
 * one statement reads, for each (ledger, category, month) the entries touch whose category has
 * a budget under a plan with the feature, the budget and the month's spending (which the
 * entries' INSERT has just updated, under its rows' locks); the alerts they call for are
 * recorded together (one INSERT, their delivery jobs). Every entry of one key sees the same
 * total after a bulk insert, so checking each key once decides what checking each entry would.
 * Recurring entries skip the high-spending rule: a fixed monthly amount is the person's usual by
 * definition.
 */
export async function checkBudgetAlertsOf(
  tx: Queryable,
  items: readonly { ledger: LedgerRef; entry: Transaction }[],
): Promise<void> {
  const expenses = items.filter((i) => i.entry.type === 'expense')
  if (expenses.length === 0) return
  const { rows } = await tx.query<{
    ledger_id: number
    owner_id: string
    category: Category
    month: string
    limit_cents: string
    spent_cents: string
  }>({
    name: 'entry-alerts-budgets-of',
    text: `select x.ledger_id, x.owner_id, x.category, to_char(x.month, 'YYYY-MM') as month,
            b.limit_cents, t.total_cents as spent_cents
       from (select distinct ledger_id, owner_id, category, month
               from unnest($1::bigint[], $2::text[], $3::text[], $4::date[])
                 as u(ledger_id, owner_id, category, month)) x
       join subscribers s on s.user_id = x.owner_id
       join plan_features p on p.plan_type = s.plan_type
       cross join lateral (
         select b.limit_cents from budgets b
          where b.ledger_id = x.ledger_id and b.category = x.category and b.from_month <= x.month
          order by b.from_month desc limit 1) b
       join ledger_month_totals t
         on t.ledger_id = x.ledger_id and t.month = x.month and t.type = 'expense'
        and t.category = x.category
      where ${planHasFeatureSql('alertas_orçamento')} and b.limit_cents is not null`,
    values: [
      expenses.map((e) => e.ledger.ledgerId),
      expenses.map((e) => e.ledger.ownerId),
      expenses.map((e) => e.entry.category),
      expenses.map((e) => `${e.entry.occurred_on.slice(0, 7)}-01`),
    ],
  })
  const alerts = rows.flatMap((r) =>
    budgetAlertsFor({
      ledger: { ledgerId: Number(r.ledger_id), ownerId: r.owner_id },
      category: r.category,
      month: r.month,
      limitCents: Number(r.limit_cents),
      spentCents: Number(r.spent_cents),
    }),
  )
  await recordAlerts(tx, alerts)
}

/**
 * The alerts of a statement's imported entries (ledger/imports): each (category, month) they
 * touch is checked once, after all of them are in, against the month's total — so a budget
 * crossed by the import gets its one 80 % and one 100 % alert, as typed entries would have
 * caused, never one per row. The high-spending rule is left out: a statement brings weeks of
 * past purchases at once, and "bem acima do seu normal" is news about a purchase just made.
 */
export async function checkImportedAlerts(
  tx: Queryable,
  { ledger, entries }: { ledger: LedgerRef; entries: readonly Transaction[] },
): Promise<void> {
  const last = new Map<string, Transaction>()
  for (const entry of entries) {
    if (entry.type !== 'expense') continue
    last.set(`${entry.category}|${entry.occurred_on.slice(0, 7)}`, entry)
  }
  await checkBudgetAlertsOf(
    tx,
    [...last.values()].map((entry) => ({ ledger, entry })),
  )
}
