import type { Account, Category } from '@equilibrai/shared'
import { saoPauloDate } from '@equilibrai/shared'
import { customCategoriesOfLedgers, listAccountsOfLedgers } from '../ledger/index.ts'
import type { Queryable } from '../platform/index.ts'
import type { EntryBatch } from './entry-batch.ts'
import { type LedgerRef, ledgerForUserSql, ownLedger, planHasFeatureSql } from '../tenancy/index.ts'

/*
 * What the assistant reads before it understands a message, for a whole batch of messages at
 * once (issue 27, ADR 024 "context read once per batch"): three statements however many
 * messages — the message ids claimed, the ledgers, their taught words, the conversations'
 * pending questions (their state rows locked) and the ledgers' listeners in one; the accounts
 * with their balances in another; the categories of one's own in a third. A message alone is a
 * batch of one (handleMessage without a context), so there is one way to read it.
 *
 * Nothing here is cached: it is read in the transaction that understands the messages, so a
 * member removed from a team, a word taught from the web, a question asked a moment ago are
 * seen by the very next message. Within a batch, a message may change its ledger's context (a
 * word taught, an account or a category created, a question asked or answered): so only the
 * FIRST message of each ledger gets the ledger's state read here; a later message of the same
 * ledger (a team, or one person on two channels) gets `state: null` and reads it again at its
 * turn, after the earlier ones' writes.
 */

/** The pending slot of the conversation (assistant_state.pending), as stored. */
export type PendingSlot = { kind: string | null }

/**
 * Who listens to the ledger's new entries, read in the message's transaction (never cached):
 * an endpoint subscribed to transaction.created (live or not: the event's own statement checks
 * that), the plan's budget alerts, any budget. An entry nobody listens to skips the event's and
 * the alerts' statements (ADR 024).
 */
export type Listeners = { webhooks: boolean; alerts: boolean; budgets: boolean }

/** The ledger and conversation as a message finds them. */
export type LedgerState = {
  learnedWords: Record<string, Category>
  /** The taught words that name a category of one's own too (migration 037): word → its id. */
  customWords: Record<string, number>
  /**
   * Whether the conversation has something pending (an entry waiting for 'sim', a 'desfazer',
   * 'Em qual conta?'); the person's state row is then locked until the transaction ends.
   */
  pending: PendingSlot | null
  listeners: Listeners
  /** The ledger's accounts with their balances on the message's day (São Paulo). */
  accounts: Account[]
  customCategories: { id: number; name: string; category: Category }[]
}

export type MessageContext = {
  /** claimMessage's rule: false when the message id had been answered already. */
  claimed: boolean
  /** The ledger the person works in (ledgerForUser's rule). */
  ledger: LedgerRef
  /** null: read it at the message's turn (an earlier message of the batch shares the ledger). */
  state: LedgerState | null
  /**
   * Where the reply to store goes when the batch stores them all at its end in one statement
   * (saveReplies); without it handleMessage stores it itself.
   */
  keepReply?: (reply: string) => void
  /**
   * Where a plain entry waits to be recorded with the batch's others (entry-batch.ts); given
   * only with the ledger's state (the ledger's first message in the batch). Without it the
   * entry is recorded at once.
   */
  entries?: EntryBatch
}

export type ContextRequest = {
  /** Without a message id nothing is claimed (`claimed` true). */
  messageId: string | undefined
  userId: string
  now: Date
}

type Row = {
  claimed: boolean
  id: number | null
  owner: string | null
  words: Record<string, Category>
  custom_words: Record<string, number>
  has_pending: boolean
  kind: string | null
  webhooks: boolean
  alerts: boolean | null
  budgets: boolean
}

/** Each request's context, in the requests' order (the order the messages are understood). */
export async function readMessageContexts(
  db: Queryable,
  requests: readonly ContextRequest[],
): Promise<MessageContext[]> {
  if (requests.length === 0) return []
  const { rows } = await db.query<Row>(
    `with input as (
       select m.message_id, m.user_id, m.ord
         from unnest($1::text[], $2::text[]) with ordinality m(message_id, user_id, ord)),
     claim as (
       insert into assistant_replies (message_id, user_id)
       select message_id, user_id from input where message_id is not null
       on conflict (message_id) do nothing
       returning message_id),
     pending as (
       select user_id, pending ->> 'kind' as kind from assistant_state
        where user_id in (select user_id from input) and pending is not null
        for update),
     -- Materialized: inlined, the ledger rule sat in the join's hash key and ran twice a
     -- message (ADR 027, 2026-11-27).
     found as materialized (select i.*, ${ledgerForUserSql('i.user_id')} as ledger_id from input i)
     select f.message_id is null
              or exists (select 1 from claim c where c.message_id = f.message_id) as claimed,
            l.id, l.owner_user_id as owner, w.words, w.custom_words,
            st.user_id is not null as has_pending, st.kind,
            exists (select 1 from webhook_endpoints e
                     where e.ledger_id = l.id and e.disabled_at is null
                       and 'transaction.created' = any (e.events)) as webhooks,
            (select ${planHasFeatureSql('alertas_orçamento', 'pf')}
               from subscribers sb join plan_features pf on pf.plan_type = sb.plan_type
              where sb.user_id = l.owner_user_id) as alerts,
            exists (select 1 from budgets b where b.ledger_id = l.id) as budgets
       from found f
       left join ledgers l on l.id = f.ledger_id
       left join lateral (
         select coalesce(jsonb_object_agg(word, category), '{}'::jsonb) as words,
                coalesce(jsonb_object_agg(word, custom_category_id)
                           filter (where custom_category_id is not null), '{}'::jsonb)
                  as custom_words
           from learned_category_words where ledger_id = l.id) w on true
       left join pending st on st.user_id = f.user_id
      order by f.ord`,
    [requests.map((r) => r.messageId ?? null), requests.map((r) => r.userId)],
  )
  // The first message of each ledger gets its state; the ledger's later ones read it again.
  const seen = new Set<number>()
  const firsts: { index: number; ledgerId: number; today: string }[] = []
  const contexts: MessageContext[] = []
  for (const [index, request] of requests.entries()) {
    const row = rows[index]
    if (!row) throw new Error('message context: a request without its row')
    // A person without a ledger yet (the first message of a new account): created as ever. Its
    // row then read an empty ledger (no words, endpoints or budgets: true of a ledger just
    // made; the plan's alerts unknown, so they run) and its accounts are read below.
    const ledger =
      row.id == null || !row.owner
        ? await ownLedger(db, { userId: request.userId })
        : { ledgerId: row.id, ownerId: row.owner }
    contexts.push({ claimed: row.claimed, ledger, state: null })
    // A message already answered changes nothing and reads no state.
    if (seen.has(ledger.ledgerId) || (request.messageId && !row.claimed)) {
      seen.add(ledger.ledgerId)
      continue
    }
    seen.add(ledger.ledgerId)
    firsts.push({ index, ledgerId: ledger.ledgerId, today: saoPauloDate(request.now) })
  }
  if (firsts.length === 0) return contexts
  const accounts = await listAccountsOfLedgers(db, firsts)
  const categories = await customCategoriesOfLedgers(
    db,
    firsts.map((f) => f.ledgerId),
  )
  for (const { index, ledgerId, today } of firsts) {
    const row = rows[index] as Row
    const context = contexts[index] as MessageContext
    // A null-prototype object: a word like 'constructor' must not find Object's own members.
    const learnedWords: Record<string, Category> = Object.create(null)
    Object.assign(learnedWords, row.words ?? {})
    context.state = {
      learnedWords,
      customWords: row.custom_words ?? {},
      pending: row.has_pending ? { kind: row.kind } : null,
      listeners: { webhooks: row.webhooks, alerts: row.alerts ?? true, budgets: row.budgets },
      accounts: accounts.get(`${ledgerId}:${today}`) ?? [],
      customCategories: categories.get(ledgerId) ?? [],
    }
  }
  return contexts
}

/** One message's context read alone (a batch of one), its ledger's state included. */
export async function readMessageContext(
  db: Queryable,
  request: ContextRequest,
): Promise<MessageContext> {
  const [context] = await readMessageContexts(db, [request])
  if (!context) throw new Error('message context: none read')
  return context
}

/** The ledger's state at the message's turn, for a context read without it. */
export async function readLedgerState(
  db: Queryable,
  { userId, now }: { userId: string; now: Date },
): Promise<LedgerState> {
  const { state } = await readMessageContext(db, { messageId: undefined, userId, now })
  if (!state) throw new Error('message context: the ledger state was not read')
  return state
}
