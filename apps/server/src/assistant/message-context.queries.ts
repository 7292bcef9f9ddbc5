import type { Category } from '@equilibrai/shared'
import { type LedgerRef, ledgerForUserSql, ownLedger, planHasFeatureSql } from '../tenancy/index.ts'
import type { Queryable } from '../platform/index.ts'

/*
 * What the assistant reads before it understands a message, in two round trips where six ran
 * (issue 27): claiming the message id and finding the ledger in one statement; the ledger's
 * taught words and the conversation's pending question in another. Nothing here is cached: a
 * member removed from a team, a word taught from the web, a question asked a moment ago are
 * seen by the very next message.
 */

/**
 * Records that the message is being answered (claimMessage's rule: false when it had been
 * already) and finds the ledger the person works in (ledgerForUser's rule), in one statement.
 * Without a message id nothing is claimed (`claimed` true).
 */
export async function claimAndLedger(
  db: Queryable,
  { messageId, userId }: { messageId: string | undefined; userId: string },
): Promise<{ claimed: boolean; ledger: LedgerRef }> {
  const { rows } = await db.query<{ claimed: boolean; id: number | null; owner: string | null }>(
    `with claim as (
       insert into assistant_replies (message_id, user_id)
       select $1, $2 where $1::text is not null
       on conflict (message_id) do nothing
       returning 1)
     select $1::text is null or exists (select 1 from claim) as claimed,
            l.id, l.owner_user_id as owner
       from (select ${ledgerForUserSql('$2')} as id) x
       left join ledgers l on l.id = x.id`,
    [messageId ?? null, userId],
  )
  const row = rows[0]
  const claimed = row?.claimed ?? false
  // A person without a ledger yet (the first message of a new account): created as ever.
  if (row?.id == null || !row.owner) return { claimed, ledger: await ownLedger(db, { userId }) }
  return { claimed, ledger: { ledgerId: row.id, ownerId: row.owner } }
}

/** The pending slot of the conversation (assistant_state.pending), as stored. */
export type PendingSlot = { kind: string | null }

/**
 * Who listens to the ledger's new entries, read in the message's transaction (never cached):
 * an endpoint subscribed to transaction.created (live or not: the event's own statement checks
 * that), the plan's budget alerts, any budget. An entry nobody listens to skips the event's and
 * the alerts' statements (ADR 024).
 */
export type Listeners = { webhooks: boolean; alerts: boolean; budgets: boolean }

/**
 * The ledger's taught words (getLearnedWords's answer), whether the conversation has something
 * pending (an entry waiting for 'sim', a 'desfazer', 'Em qual conta?'; the person's state row is
 * then locked until the transaction ends, and the caller takes or drops it), and the ledger's
 * listeners: one statement.
 */
export async function wordsAndPending(
  db: Queryable,
  { ledgerId, userId }: { ledgerId: number; userId: string },
): Promise<{
  learnedWords: Record<string, Category>
  /** The taught words that name a category of one's own too (migration 037): word → its id. */
  customWords: Record<string, number>
  pending: PendingSlot | null
  listeners: Listeners
}> {
  const { rows } = await db.query<{
    words: Record<string, Category>
    custom_words: Record<string, number>
    has_pending: boolean | null
    kind: string | null
    webhooks: boolean
    alerts: boolean | null
    budgets: boolean
  }>(
    `select w.words, w.custom_words, s.has_pending, s.kind,
            exists (select 1 from webhook_endpoints e
                     where e.ledger_id = $1 and e.disabled_at is null
                       and 'transaction.created' = any (e.events)) as webhooks,
            (select ${planHasFeatureSql('alertas_orçamento')}
               from ledgers l join subscribers sb on sb.user_id = l.owner_user_id
               join plan_features p on p.plan_type = sb.plan_type
              where l.id = $1) as alerts,
            exists (select 1 from budgets b where b.ledger_id = $1) as budgets
       from (select coalesce(jsonb_object_agg(word, category), '{}'::jsonb) as words,
                    coalesce(jsonb_object_agg(word, custom_category_id)
                               filter (where custom_category_id is not null), '{}'::jsonb)
                      as custom_words
               from learned_category_words where ledger_id = $1) w
       left join (select true as has_pending, pending ->> 'kind' as kind from assistant_state
                   where user_id = $2 and pending is not null for update) s on true`,
    [ledgerId, userId],
  )
  const row = rows[0]
  // A null-prototype object: a word like 'constructor' must not find Object's own members.
  const learnedWords: Record<string, Category> = Object.create(null)
  Object.assign(learnedWords, row?.words ?? {})
  return {
    learnedWords,
    customWords: row?.custom_words ?? {},
    pending: row?.has_pending ? { kind: row.kind } : null,
    // Without the row (never expected), everyone listens: the statements run as before.
    listeners: row
      ? { webhooks: row.webhooks, alerts: row.alerts ?? true, budgets: row.budgets }
      : { webhooks: true, alerts: true, budgets: true },
  }
}
