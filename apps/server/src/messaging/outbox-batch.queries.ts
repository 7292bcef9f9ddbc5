import type pg from 'pg'
import type { Queryable } from '../platform/index.ts'

/*
 * The outbox as a batch of sends reads and writes it (send-batch.ts, ADR 008 "sends in
 * batches"): the heads of several recipients' queues claimed in one statement, their attempts
 * started in one more, their results recorded in a third.
 */

/** The send rules the statements check (sender.ts's PACING_MS, IN_DOUBT_MS, WINDOW_MS). */
type Rules = { pacingMs: number; inDoubtMs: number }

/**
 * A queued message that may go out now: on the WhatsApp channel, due, not in doubt (or past
 * IN_DOUBT_MS), first in its recipient's queue (by slot, then id: nothing earlier waits, being
 * retried or in doubt), and its recipient's latest send at least the pacing gap ago. `o` is the
 * message, `$pacing`/`$doubt` the parameters holding the rules in milliseconds.
 *
 * The recipient's rows are read in one lookup on whatsapp_outbound_wa_idx, with no
 * `status = 'queued'` condition of their own: with one, and statistics from before a burst (few
 * queued), PostgreSQL read the whole partial pending index once per candidate instead (200 ×
 * every queued message, 100+ ms a claim; ADR 008, 2026-11-26 late). For the same reason the
 * candidates are looked up by id in a subquery it cannot flatten (`offset 0`).
 */
const SENDABLE = (pacing: string, doubt: string) => `
  o.status = 'queued' and o.channel = 'whatsapp'
  and o.next_attempt_at <= clock_timestamp() + interval '50 milliseconds'
  and (o.attempt_started_at is null
       or o.attempt_started_at + make_interval(secs => ${doubt}::float8 / 1000) <= clock_timestamp())
  and (select not coalesce(bool_or(p.status = 'queued' and (p.not_before, p.id) < (o.not_before, o.id)),
                           false)
              and coalesce(max(p.sent_at), '-infinity')
                    <= clock_timestamp() - make_interval(secs => ${pacing}::float8 / 1000)
         from whatsapp_outbound p where p.wa_id = o.wa_id)`

export type ClaimedHead = {
  id: number
  wa_id: string
  attempt_locked: boolean
  recipient_locked: boolean
}

/**
 * Up to `limit` sendable messages to different recipients (those of `firstIds` first), the
 * oldest due first, each with its attempt lock and its recipient's send lock tried (session
 * locks: both flags say which this connection now holds, to release). The statement's snapshot
 * may be older than the locks: startBatchAttempts checks again under them.
 *
 * The candidates are the job's own messages, then (4 × `limit`) the oldest due, and SENDABLE is
 * checked one candidate at a time in that order until `limit` pass: a union all under a limit,
 * with no sort above it, so PostgreSQL stops there. It checked every candidate and sorted them
 * before (5 ms a claim in a burst, mostly SENDABLE's per-recipient read for 140–200 candidates
 * where 50 were taken; ADR 008, 2026-11-27). Should PostgreSQL ever return the branches in
 * another order, the batch would prefer other messages than its own; no rule depends on it.
 *
 * The own messages are looked up by id behind `offset 0`, so that SENDABLE's
 * `status = 'queued'` is not pushed down to that scan: with statistics from before a burst it
 * then read the whole partial pending index for them. The oldest due leave out the messages
 * whose attempt is under way: during a burst the oldest due messages are mostly the ones other
 * batches are sending, and with them in the window a claim found few or none but its own (ADR
 * 008, 2026-11-26 late). Their bound is `now()` (the statement's start), not clock_timestamp():
 * a stable bound is an index condition on whatsapp_outbound_pending_idx, where a volatile one
 * made PostgreSQL read every queued message and sort them. SENDABLE still checks each chosen
 * one against the clock.
 */
export async function claimHeads(
  client: pg.PoolClient,
  params: Rules & {
    firstIds: readonly number[]
    limit: number
    attemptLockPrefix: string
    recipientLockPrefix: string
  },
): Promise<ClaimedHead[]> {
  const { rows } = await client.query<ClaimedHead>(
    `with chosen as materialized (
       select o.id, o.wa_id
         from ((select * from (select * from whatsapp_outbound where id = any($1::bigint[]) offset 0) own
                 order by next_attempt_at, id)
               union all
               (select * from whatsapp_outbound
                 where status = 'queued' and next_attempt_at <= now() + interval '50 milliseconds'
                   and (attempt_started_at is null
                        or attempt_started_at + make_interval(secs => $4::float8 / 1000) <= clock_timestamp())
                   and id <> all($1::bigint[])
                 order by next_attempt_at limit $2::int * 4)) o
        where ${SENDABLE('$3', '$4')}
        limit $2::int)
     select id, wa_id,
            pg_try_advisory_lock(hashtextextended($5 || id, 0)) as attempt_locked,
            pg_try_advisory_lock(hashtextextended($6 || wa_id, 0)) as recipient_locked
       from chosen`,
    [
      params.firstIds,
      params.limit,
      params.pacingMs,
      params.inDoubtMs,
      params.attemptLockPrefix,
      params.recipientLockPrefix,
    ],
  )
  return rows
}

export type StartedAttempt = {
  id: number
  wa_id: string
  /** After this attempt's increment; null when the message failed outside the window instead. */
  attempts: number | null
  payload: unknown
  /** An earlier attempt had started and never finished (a crash): this one sends again. */
  was_in_doubt: boolean
  /** The 24-hour window had closed and there is no fallback template: failed, not sent. */
  closed: boolean
}

/**
 * Committed before the calls to Meta, for messages whose locks this connection holds: those
 * still sendable (checked again, under the locks) get their attempt started — the approved
 * fallback template replacing free text when the person last wrote more than `windowMs` ago —
 * or, outside the window without a fallback, fail with OUTSIDE_24H_WINDOW. Their own keyed send
 * jobs (all but those of `ownIds`, whose job is the one running) are retired with graphile-worker's complete_jobs, which
 * (unlike remove_job) sends no NOTIFY, so this commit does not queue on PostgreSQL's NOTIFY lock
 * (ADR 036); a job another worker has already taken is left to run and find its message done.
 * One statement.
 *
 * The 24-hour window is read once a message (the lateral `w`; it was read twice, once for
 * "sendable" and once for "outside"), and only for free text. The updates find their rows by id
 * and match the status elig saw (`o.status = e.status`, 'queued' by SENDABLE; a concurrent
 * change is still seen, the row being checked again after its lock), not `o.status = 'queued'`:
 * that condition let PostgreSQL, with statistics from before a burst, read the whole partial
 * pending index and hash it to find the batch's rows (ADR 008, 2026-11-27).
 */
export async function startBatchAttempts(
  db: Queryable,
  params: Rules & {
    messages: ReadonlyArray<{ id: number; waIds: string[] }>
    windowMs: number
    ownIds: readonly number[]
    jobKeyPrefix: string
    closedError: string
  },
): Promise<StartedAttempt[]> {
  const { rows } = await db.query<StartedAttempt>(
    `with c as (
       select r.id, r.wa_ids from jsonb_to_recordset($1::jsonb) as r(id bigint, wa_ids text[])),
     elig as materialized (
       select o.id, o.kind, o.payload, o.status, o.attempt_started_at is not null as was_in_doubt,
              o.kind = 'template' or o.payload ? 'fallback' or w.open as sendable,
              o.kind <> 'template' and not w.open as outside
         from c
        cross join lateral (select * from whatsapp_outbound x where x.id = c.id offset 0) o
        cross join lateral (
          select case when o.kind <> 'template' then
                   exists (select 1 from whatsapp_inbound i
                            where i.wa_id = any(c.wa_ids) and i.channel = 'whatsapp'
                              and i.sent_at > clock_timestamp() - make_interval(secs => $2::float8 / 1000))
                   end as open
           offset 0) w
        where ${SENDABLE('$3', '$4')}),
     started as (
       update whatsapp_outbound o
          set attempt_started_at = clock_timestamp(), attempts = o.attempts + 1, updated_at = now(),
              kind = case when e.outside then 'template' else o.kind end,
              payload = case when e.outside then jsonb_build_object('message', o.payload -> 'fallback')
                             else o.payload end
         from elig e
        where o.id = e.id and e.sendable and o.status = e.status
        returning o.id, o.wa_id, o.attempts, o.payload, e.was_in_doubt, false as closed),
     closed as (
       update whatsapp_outbound o
          set status = 'failed', failed_at = now(), error_code = null, last_error = $7,
              attempt_started_at = null, updated_at = now()
         from elig e
        where o.id = e.id and not e.sendable and o.status = e.status
        returning o.id, o.wa_id, null::int as attempts, null::jsonb as payload,
                  e.was_in_doubt, true as closed),
     done as (select * from started union all select * from closed),
     retired as (
       select count(*) as n
         from graphile_worker.complete_jobs(array(
                select j.id from graphile_worker.jobs j
                 where j.key = any(array(select $6 || d.id from done d where d.id <> all($5::bigint[]))))))
     select d.id, d.wa_id, d.attempts, d.payload, d.was_in_doubt, d.closed
       from done d cross join retired`,
    [
      JSON.stringify(params.messages.map((m) => ({ id: m.id, wa_ids: m.waIds }))),
      params.windowMs,
      params.pacingMs,
      params.inDoubtMs,
      params.ownIds,
      params.jobKeyPrefix,
      params.closedError.slice(0, 300),
    ],
  )
  return rows.map(({ id, wa_id, attempts, payload, was_in_doubt, closed }) => ({
    id: Number(id),
    wa_id,
    attempts,
    payload,
    was_in_doubt,
    closed,
  }))
}

/** What became of one send of a batch. */
export type SendOutcome =
  | { id: number; kind: 'sent'; wamid: string }
  /** Tried again after `delayMs` (`fallback`: Meta says the window closed, the template next). */
  | {
      id: number
      kind: 'retry'
      delayMs: number
      /** Meta's HTTP status (0: no answer), for the log. */
      status: number
      code: number | null
      reason: string
      fallback: boolean
    }
  | { id: number; kind: 'failed'; attempts: number; code: number | null; error: string }
  /** Unknown whether it reached Meta (an unexpected error): settled as after a crash. */
  | { id: number; kind: 'doubt' }

type OutcomeRow = {
  id: number
  kind: SendOutcome['kind']
  wamid: string | null
  delay_ms: number | null
  code: number | null
  error: string | null
  attempts: number | null
  fallback: boolean
}

/**
 * A batch's results in one statement: sent (the wamid kept; a status callback that got here
 * first keeps its status), retries (next attempt and their send job, as scheduleRetry), failures
 * (as markOutboundFailed), and messages in doubt (their job again when IN_DOUBT_MS is over).
 * Returns how many send jobs were queued.
 */
export async function recordBatchResults(
  db: Queryable,
  params: {
    outcomes: readonly SendOutcome[]
    inDoubtMs: number
    job: { task: string; keyPrefix: string; maxAttempts: number }
  },
): Promise<number> {
  if (params.outcomes.length === 0) return 0
  const rows: OutcomeRow[] = params.outcomes.map((o) => ({
    id: o.id,
    kind: o.kind,
    wamid: o.kind === 'sent' ? o.wamid : null,
    delay_ms: o.kind === 'retry' ? o.delayMs : null,
    code: o.kind === 'retry' || o.kind === 'failed' ? o.code : null,
    error: o.kind === 'retry' ? o.reason : o.kind === 'failed' ? o.error.slice(0, 300) : null,
    attempts: o.kind === 'failed' ? o.attempts : null,
    fallback: o.kind === 'retry' && o.fallback,
  }))
  const { rows: result } = await db.query<{ queued: number }>(
    `with r as (
       select * from jsonb_to_recordset($1::jsonb) as r(
         id bigint, kind text, wamid text, delay_ms float8, code int, error text, attempts int,
         fallback boolean)),
     done as (
       update whatsapp_outbound o
          set status = case when r.kind = 'sent' and o.status = 'queued' then 'sent'
                            when r.kind = 'failed' then 'failed' else o.status end,
              wamid = case when r.kind = 'sent' then r.wamid else o.wamid end,
              attempt_started_at = case when r.kind = 'doubt' then o.attempt_started_at end,
              sent_at = case when r.kind = 'sent' then coalesce(o.sent_at, now()) else o.sent_at end,
              failed_at = case when r.kind = 'failed' then now() else o.failed_at end,
              attempts = coalesce(r.attempts, o.attempts),
              last_error = case when r.kind = 'doubt' then o.last_error else r.error end,
              error_code = case when r.kind = 'doubt' then o.error_code else r.code end,
              next_attempt_at = case
                when r.kind = 'retry' then clock_timestamp() + make_interval(secs => r.delay_ms / 1000)
                else o.next_attempt_at end,
              kind = case when r.fallback then 'template' else o.kind end,
              payload = case when r.fallback then jsonb_build_object('message', o.payload -> 'fallback')
                             else o.payload end,
              updated_at = now()
         from r
        where o.id = r.id
        returning o.id, r.kind,
                  case when r.kind = 'retry' then o.next_attempt_at
                       else o.attempt_started_at + make_interval(secs => $5::float8 / 1000) end
                    as run_at)
     select count(graphile_worker.add_job($2, json_build_object('id', d.id), run_at => d.run_at,
              max_attempts => $4::int, job_key => $3 || d.id, job_key_mode => 'replace'))::int
              as queued
       from done d where d.kind in ('retry', 'doubt')`,
    [
      JSON.stringify(rows),
      params.job.task,
      params.job.keyPrefix,
      params.job.maxAttempts,
      params.inDoubtMs,
    ],
  )
  return result[0]?.queued ?? 0
}
