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
  has_feature: boolean
  limit_cents: string | null
  spent_cents: string | null
  /** From 80 % of the budget: its keys for this category and month already recorded. */
  recorded: string[] | null
  /** The category's history, read only when the expense may be "high spending" (else null). */
  count: number | null
  median_cents: number | null
  max_cents: number | null
}

export async function checkEntryAlerts(
  tx: Queryable,
  {
    ledger,
    entry,
    highSpending = true,
  }: { ledger: LedgerRef; entry: Transaction; highSpending?: boolean },
): Promise<void> {
  if (entry.type !== 'expense') return
  const month = entry.occurred_on.slice(0, 7)
  const rule = HIGH_SPENDING_RULE
  const large = highSpending && entry.amount_cents >= rule.minAmountCents
  // One round trip (ADR 013, 2026-11-26 evening): the plan's flag, the category's budget and
  // month total, which of its budget alerts exist (from 80 % on), and — only for a large
  // expense (its own named statement), under a plan with the feature (the lateral's one-time
  // filter) — the 90/180-day history. Two statements rather than one with a flag parameter: a
  // flag folded into each custom plan kept PostgreSQL from settling on a generic plan, so every
  // entry was planned again. Named: prepared once per connection, so each entry pays for
  // running it, not planning it.
  const budgetKeys = [
    `budget_80:${entry.category}:${month}`,
    `budget_100:${entry.category}:${month}`,
  ]
  const { rows } = await tx.query<Snapshot>(
    large
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
  const snap = rows[0]
  if (!snap?.has_feature) return
  if (snap.limit_cents !== null && snap.spent_cents !== null) {
    const recorded = new Set(snap.recorded ?? [])
    // One at a time: an alert recorded alone keeps its own keyed delivery job. Those already
    // recorded are not inserted again (their unique key would refuse them anyway; a concurrent
    // entry that records one first still meets that key).
    for (const alert of budgetAlertsFor({
      ledger,
      category: entry.category,
      month,
      limitCents: Number(snap.limit_cents),
      spentCents: Number(snap.spent_cents),
    })) {
      if (!recorded.has(alert.dedupeKey)) await recordAlerts(tx, [alert])
    }
  }
  if (large && snap.count !== null) {
    await highSpendingAlert(tx, {
      ledger,
      entry,
      history: {
        count: snap.count,
        medianCents: Number(snap.median_cents ?? 0),
        maxCents: Number(snap.max_cents ?? 0),
      },
    })
  }
}

/** The check's statement; with `history`, also the category's 90/180-day history ($6–$9). */
function checkSql(history: boolean): string {
  return `select x.has_feature, x.limit_cents, x.spent_cents,
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
