import { type AccountQuestion, PENDING_WINDOW_MS } from '@equilibrai/assistant'
import type { Queryable } from '../platform/index.ts'

/*
 * The question 'Em qual conta?' waiting for its answer, in the conversation's one pending slot
 * (assistant_state.pending, beside an entry waiting for 'sim'): stored as
 * { kind: 'choose_account', question }. Only the very next message can answer it, within
 * PENDING_WINDOW_MS, like every question (pending.ts).
 */

const KIND = 'choose_account'

export async function setAccountQuestion(
  db: Queryable,
  { userId, question, now }: { userId: string; question: AccountQuestion; now: Date },
): Promise<void> {
  await db.query(
    `insert into assistant_state (user_id, pending, pending_until, pending_at)
     values ($1, $2, $3, $4)
     on conflict (user_id) do update
       set pending = excluded.pending, pending_until = excluded.pending_until,
           pending_at = excluded.pending_at, updated_at = now()`,
    [
      userId,
      JSON.stringify({ kind: KIND, question }),
      new Date(now.getTime() + PENDING_WINDOW_MS),
      now,
    ],
  )
}

/**
 * Takes the account question away (atomically), or null when none is waiting or it was asked
 * outside the window: whatever the next message is, the question is asked once.
 */
export async function takeAccountQuestion(
  db: Queryable,
  { userId, now }: { userId: string; now: Date },
): Promise<AccountQuestion | null> {
  const { rows } = await db.query<{
    pending: { kind: string; question: AccountQuestion }
    pending_at: Date | null
  }>(
    `update assistant_state s
        set pending = null, pending_until = null, pending_at = null, updated_at = now()
       from (select user_id, pending, pending_at from assistant_state
              where user_id = $1 for update) old
      where s.user_id = old.user_id and old.pending ->> 'kind' = $2
      returning old.pending, old.pending_at`,
    [userId, KIND],
  )
  const row = rows[0]
  if (!row?.pending_at) return null
  const age = now.getTime() - row.pending_at.getTime()
  return age >= 0 && age <= PENDING_WINDOW_MS ? row.pending.question : null
}
