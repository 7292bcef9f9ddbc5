import { PENDING_WINDOW_MS } from '@equilibrai/assistant'
import type { Queryable } from '../platform/index.ts'
import type { NewEntry } from '../ledger/index.ts'

/*
 * The assistant's memory of a conversation, one row per person in the database (never in a
 * process): the numbered list 'últimos' last showed, and an entry (or a 'desfazer') waiting for
 * 'sim'.
 */

/** How long 'apagar 3' refers to the list shown, and 'sim' to the pending entry. */
export const RECENT_LIST_TTL_MS = 24 * 60 * 60 * 1000
/** The assistant package's rule (pending.ts): a yes/no after this long means nothing. */
export const PENDING_TTL_MS = PENDING_WINDOW_MS

export async function saveRecentList(
  db: Queryable,
  { userId, ids, at }: { userId: string; ids: number[]; at: Date },
): Promise<void> {
  await db.query(
    `insert into assistant_state (user_id, recent_ids, recent_at) values ($1, $2, $3)
     on conflict (user_id) do update
       set recent_ids = excluded.recent_ids, recent_at = excluded.recent_at, updated_at = now()`,
    [userId, ids, at],
  )
}

/** The ids 'últimos' showed (newest first), or null when none was shown recently. */
export async function getRecentList(
  db: Queryable,
  { userId, now }: { userId: string; now: Date },
): Promise<number[] | null> {
  const { rows } = await db.query<{ recent_ids: number[]; recent_at: Date | null }>(
    'select recent_ids, recent_at from assistant_state where user_id = $1',
    [userId],
  )
  const row = rows[0]
  if (!row?.recent_at || now.getTime() - row.recent_at.getTime() > RECENT_LIST_TTL_MS) return null
  // bigint[] arrives as strings (the int8 parser covers scalars only).
  return row.recent_ids.map(Number)
}

/**
 * What a pending question waits to do on 'Sim': record an entry (confirm_large, confirm_date,
 * confirm_entry), or undo entries ('desfazer' of several entries or of an older one).
 */
export type PendingAction =
  | { kind: 'entry'; entry: NewEntry }
  | { kind: 'undo'; ids: number[] }
  /** A statement's preview (sent as a document) waiting for 'confirmar' (statement-import.ts). */
  | { kind: 'import'; importId: number }

/** Pending import: the preview to commit on 'confirmar'. */
export async function setPendingImport(
  db: Queryable,
  { userId, importId, now }: { userId: string; importId: number; now: Date },
): Promise<void> {
  await writePending(db, { userId, json: JSON.stringify({ import: importId }), now })
}

/** Pending 'desfazer': the entries to remove on 'Sim'. Stored in the same column as an entry. */
export async function setPendingUndo(
  db: Queryable,
  { userId, ids, now }: { userId: string; ids: readonly number[]; now: Date },
): Promise<void> {
  await writePending(db, { userId, json: JSON.stringify({ undo: ids }), now })
}

export async function setPending(
  db: Queryable,
  { userId, entry, now }: { userId: string; entry: NewEntry; now: Date },
): Promise<void> {
  await writePending(db, { userId, json: JSON.stringify(entry), now })
}

async function writePending(
  db: Queryable,
  { userId, json, now }: { userId: string; json: string; now: Date },
): Promise<void> {
  await db.query(
    `insert into assistant_state (user_id, pending, pending_until, pending_at)
     values ($1, $2, $3, $4)
     on conflict (user_id) do update
       set pending = excluded.pending, pending_until = excluded.pending_until,
           pending_at = excluded.pending_at, updated_at = now()`,
    [userId, json, new Date(now.getTime() + PENDING_TTL_MS), now],
  )
}

/**
 * Forgets the pending question: any message other than its answer drops it (pending.ts).
 * Touches no row when nothing is pending.
 */
export async function dropPending(db: Queryable, { userId }: { userId: string }): Promise<void> {
  await db.query(
    `update assistant_state
        set pending = null, pending_until = null, pending_at = null, updated_at = now()
      where user_id = $1 and pending is not null`,
    [userId],
  )
}

/**
 * Takes the pending entry away (atomically: two 'sim' at once record it once), with when it
 * was asked; the caller decides whether the answer still counts (pendingOutcome).
 */
export async function takePending(
  db: Queryable,
  { userId }: { userId: string },
): Promise<{ action: PendingAction; askedAt: Date } | null> {
  const { rows } = await db.query<{
    pending: NewEntry | { undo: number[] } | { import: number }
    pending_until: Date
    pending_at: Date | null
  }>(
    `update assistant_state s
        set pending = null, pending_until = null, pending_at = null, updated_at = now()
       from (select user_id, pending, pending_until, pending_at from assistant_state
              where user_id = $1 for update) old
      where s.user_id = old.user_id and old.pending is not null
        -- 'Em qual conta?' is not an entry waiting for 'sim' (account-question.queries.ts).
        and (old.pending ->> 'kind') is distinct from 'choose_account'
      returning old.pending, old.pending_until, old.pending_at`,
    [userId],
  )
  const row = rows[0]
  if (!row) return null
  // Rows from before migration 010 have no pending_at: derive it from pending_until.
  const askedAt = row.pending_at ?? new Date(row.pending_until.getTime() - PENDING_TTL_MS)
  const action: PendingAction =
    'undo' in row.pending
      ? { kind: 'undo', ids: row.pending.undo.map(Number) }
      : 'import' in row.pending
        ? { kind: 'import', importId: Number(row.pending.import) }
        : { kind: 'entry', entry: row.pending }
  return { action, askedAt }
}

/**
 * Records that the message is being answered; false when it had been already (a repeated
 * delivery). The text path does this with the ledger lookup (message-context.queries.ts).
 */
export async function claimMessage(
  db: Queryable,
  { messageId, userId }: { messageId: string; userId: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into assistant_replies (message_id, user_id) values ($1, $2)
     on conflict (message_id) do nothing`,
    [messageId, userId],
  )
  return rowCount === 1
}

export async function saveReply(
  db: Queryable,
  { messageId, reply }: { messageId: string; reply: string },
): Promise<void> {
  await db.query('update assistant_replies set reply = $2 where message_id = $1', [
    messageId,
    reply,
  ])
}

/** saveReply for a batch's messages in one statement (ADR 024, context read once per batch). */
export async function saveReplies(
  db: Queryable,
  saved: readonly { messageId: string; reply: string }[],
): Promise<void> {
  if (saved.length === 0) return
  await db.query(
    `update assistant_replies r set reply = x.reply
       from unnest($1::text[], $2::text[]) x(message_id, reply)
      where r.message_id = x.message_id`,
    [saved.map((s) => s.messageId), saved.map((s) => s.reply)],
  )
}

export async function storedReply(
  db: Queryable,
  { messageId, userId }: { messageId: string; userId: string },
): Promise<string | null> {
  const { rows } = await db.query<{ reply: string }>(
    'select reply from assistant_replies where message_id = $1 and user_id = $2',
    [messageId, userId],
  )
  return rows[0]?.reply ?? null
}
