import type { Queryable } from '../platform/index.ts'
import type { OutboundPayload, TemplateMessage } from './messages.ts'

/* The outbox (whatsapp_outbound) as the sender (sender.ts) writes and reads it. */

export type Channel = 'whatsapp' | 'simulator'

export type OutboundRow = {
  id: number
  channel: Channel
  wa_id: string
  status: string
  attempts: number
  payload: unknown
  next_attempt_at: Date
  early: boolean
  /** Set while an attempt at Meta is under way; still set after a crash mid-attempt. */
  attempt_started_at: Date | null
  in_doubt_until: Date | null
}

/** One reply to queue: who it goes to, on which channel, and what it says. */
export type OutboundMessage = {
  idempotencyKey: string
  channel: Channel
  waId: string
  userId: string | null
  kind: string
  payload: OutboundPayload
}

/** The send job a queued reply gets (graphile-worker task, job key prefix, attempts). */
type OutboundJob = { task: string; keyPrefix: string; maxAttempts: number }

/**
 * Stores a message in the recipient's next pacing slot (`pacingMs` after their latest one; at
 * once for the simulator) and queues its send job for that slot (`job`: the whatsapp_send spec,
 * keyed by the message id) in the same statement. Null when its idempotency key is already
 * stored (nothing queued). Hold the recipient's pacing lock (transaction) while calling it.
 */
export async function insertOutbound(
  tx: Queryable,
  params: OutboundMessage & { pacingMs: number; job: OutboundJob },
): Promise<{ id: number; not_before: Date } | null> {
  const { rows } = await tx.query<{ id: number; not_before: Date }>(
    `with stored as (
       insert into whatsapp_outbound
         (idempotency_key, channel, wa_id, user_id, kind, payload, not_before, next_attempt_at)
       select $1, $2, $3, $4, $5, $6::jsonb, slot, slot
         from (select case when $2 = 'simulator' then clock_timestamp()
                      else greatest(clock_timestamp(),
                                    (select max(not_before) from whatsapp_outbound where wa_id = $3)
                                      + make_interval(secs => $7::float8 / 1000))
                      end as slot) s
       on conflict (idempotency_key) do nothing
       returning id, not_before)
     select s.id, s.not_before,
            graphile_worker.add_job($8, json_build_object('id', s.id), run_at => s.not_before,
              max_attempts => $10::int, job_key => $9 || s.id, job_key_mode => 'replace')
              is not null as queued
       from stored s`,
    [
      params.idempotencyKey,
      params.channel,
      params.waId,
      params.userId,
      params.kind,
      JSON.stringify(params.payload),
      params.pacingMs,
      params.job.task,
      params.job.keyPrefix,
      params.job.maxAttempts,
    ],
  )
  return rows[0] ? { id: rows[0].id, not_before: rows[0].not_before } : null
}

/** How a batch's replies are grouped into send jobs (whatsapp.jobs.ts SEND_JOB_*). */
type GroupedJobs = { task: string; maxAttempts: number; spreadMs: number; perJob: number }

/**
 * insertOutbound for several messages to DIFFERENT numbers, in one statement (a batch of
 * replies, ADR 024): each gets its number's next pacing slot. Their send jobs go in the same
 * statement, in ONE add_jobs call (one NOTIFY; ADR 008, 2026-11-26 late): one job, without a
 * key, per group of up to `perJob` replies whose slots fall in the same `spreadMs` window
 * (counted from the batch's earliest slot, so each is within `spreadMs` of its group's first),
 * payload `{id, ids}` in slot order, run at the group's latest slot. The caller holds each
 * number's pacing lock. Returns how many were new (a known idempotency key adds nothing).
 */
export async function insertOutboundBatch(
  tx: Queryable,
  params: { messages: ReadonlyArray<OutboundMessage>; pacingMs: number; job: GroupedJobs },
): Promise<number> {
  if (params.messages.length === 0) return 0
  const { rows } = await tx.query<{ queued: number }>(
    `with stored as (
       insert into whatsapp_outbound
         (idempotency_key, channel, wa_id, user_id, kind, payload, not_before, next_attempt_at)
       select m.idempotency_key, m.channel, m.wa_id, m.user_id, m.kind, m.payload, s.slot, s.slot
         from jsonb_to_recordset($1::jsonb) as m(
                idempotency_key text, channel text, wa_id text, user_id text, kind text,
                payload jsonb, ord int)
         cross join lateral (
           select case when m.channel = 'simulator' then clock_timestamp()
                  else greatest(clock_timestamp(),
                                (select max(o.not_before) from whatsapp_outbound o
                                  where o.wa_id = m.wa_id)
                                  + make_interval(secs => $2::float8 / 1000))
                  end as slot) s
        order by m.ord
       on conflict (idempotency_key) do nothing
       returning id, not_before),
     windows as (
       select id, not_before,
              floor(extract(epoch from not_before - min(not_before) over ()) * 1000
                    / $5::float8) as win
         from stored),
     groups as (
       select id, not_before, win,
              (row_number() over (partition by win order by not_before, id) - 1) / $6::int as part
         from windows),
     specs as (
       select row($3::text,
                  json_build_object('id', (array_agg(id order by not_before, id))[1],
                                    'ids', json_agg(id order by not_before, id)),
                  null, max(not_before), $4::int, null, null, null)::graphile_worker.job_spec
                as spec
         from groups group by win, part)
     select (select count(*) from stored)::int as queued,
            (select count(*) from graphile_worker.add_jobs(array(select spec from specs))) as jobs`,
    [
      JSON.stringify(
        params.messages.map((m, ord) => ({
          idempotency_key: m.idempotencyKey,
          channel: m.channel,
          wa_id: m.waId,
          user_id: m.userId,
          kind: m.kind,
          payload: m.payload,
          ord,
        })),
      ),
      params.pacingMs,
      params.job.task,
      params.job.maxAttempts,
      params.job.spreadMs,
      params.job.perJob,
    ],
  )
  return rows[0]?.queued ?? 0
}

/**
 * What a send needs to know about the recipient, read in one statement under the recipient's
 * send lock: when the message queued before `id` to the same number (by slot, then id) is next
 * due (null when none waits: a reply must not overtake an earlier one being retried), when the
 * latest message to this number actually went out (whatever order they were scheduled in), and
 * whether the person wrote to us within `windowMs` (either number form, for the 24-hour window).
 */
export async function recipientState(
  db: Queryable,
  { id, waIds, windowMs }: { id: number; waIds: string[]; windowMs: number },
): Promise<{ aheadDue: Date | null; lastSentAt: Date | null; windowOpen: boolean }> {
  const { rows } = await db.query<{
    ahead_due: Date | null
    last_sent_at: Date | null
    window_open: boolean
  }>(
    `select (select greatest(o.next_attempt_at, clock_timestamp())
               from whatsapp_outbound o
              where o.wa_id = me.wa_id and o.status = 'queued'
                and (o.not_before, o.id) < (me.not_before, me.id)
              order by o.not_before, o.id limit 1) as ahead_due,
            (select max(sent_at) from whatsapp_outbound where wa_id = me.wa_id) as last_sent_at,
            exists (select 1 from whatsapp_inbound
                     where wa_id = any($2) and channel = 'whatsapp'
                       and sent_at > clock_timestamp() - make_interval(secs => $3::float8 / 1000))
              as window_open
       from whatsapp_outbound me where me.id = $1`,
    [id, waIds, windowMs],
  )
  const row = rows[0]
  return {
    aheadDue: row?.ahead_due ?? null,
    lastSentAt: row?.last_sent_at ?? null,
    windowOpen: row?.window_open ?? false,
  }
}

export async function outboundIdByKey(tx: Queryable, idempotencyKey: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'select id from whatsapp_outbound where idempotency_key = $1',
    [idempotencyKey],
  )
  return rows[0]?.id ?? 0
}

/**
 * Takes the attempt lock on the message (`lockKey`, a session advisory lock) and, when it was
 * free, reads the message as an attempt sees it — one round trip: `early` when its next attempt
 * is not due yet, and `in_doubt_until` while an attempt that started less than `inDoubtMs` ago
 * may have reached Meta. `locked` false: another attempt holds it (row null).
 */
export async function lockOutboundForAttempt(
  db: Queryable,
  { id, inDoubtMs, lockKey }: { id: number; inDoubtMs: number; lockKey: string },
): Promise<{ locked: boolean; row: OutboundRow | null }> {
  const { rows } = await db.query<OutboundRow & { locked: boolean }>(
    `select l.locked, o.*
       from (select pg_try_advisory_lock(hashtextextended($3, 0)) as locked) l
       left join lateral (
         select id, channel, wa_id, status, attempts, payload, next_attempt_at, attempt_started_at,
                next_attempt_at > clock_timestamp() + interval '50 milliseconds' as early,
                case when attempt_started_at + make_interval(secs => $2::float8 / 1000) > clock_timestamp()
                     then attempt_started_at + make_interval(secs => $2::float8 / 1000) end as in_doubt_until
           from whatsapp_outbound where id = $1 and l.locked) o on true`,
    [id, inDoubtMs, lockKey],
  )
  const first = rows[0]
  if (!first?.locked) return { locked: false, row: null }
  const { locked: _, ...row } = first
  return { locked: true, row: row.id == null ? null : (row as OutboundRow) }
}

/** The simulator is the recipient: the message is there as soon as it is written. */
export async function markDeliveredToSimulator(db: Queryable, id: number): Promise<void> {
  await db.query(
    `update whatsapp_outbound
        set status = 'delivered', channel = 'simulator', wamid = 'sim.' || id,
            attempts = attempts + 1, sent_at = now(), delivered_at = now(), updated_at = now()
      where id = $1`,
    [id],
  )
}

/** Committed before the call to Meta: a crash from here on leaves the message in doubt. */
export async function markAttemptStarted(db: Queryable, id: number): Promise<number | null> {
  const { rows } = await db.query<{ attempts: number }>(
    `update whatsapp_outbound
        set attempt_started_at = clock_timestamp(), attempts = attempts + 1, updated_at = now()
      where id = $1 returning attempts`,
    [id],
  )
  return rows[0]?.attempts ?? null
}

/** Meta accepted it. A status callback may have got here first: the status never goes back. */
export async function markSent(
  db: Queryable,
  { id, wamid }: { id: number; wamid: string },
): Promise<void> {
  await db.query(
    `update whatsapp_outbound
        set status = case when status = 'queued' then 'sent' else status end, wamid = $2,
            attempt_started_at = null, sent_at = coalesce(sent_at, now()),
            last_error = null, error_code = null, updated_at = now()
      where id = $1`,
    [id, wamid],
  )
}

/** The approved template replaces the message (the 24-hour window has closed). */
export async function switchToFallback(
  tx: Queryable,
  { id, fallback }: { id: number; fallback: TemplateMessage },
): Promise<void> {
  await tx.query(
    `update whatsapp_outbound
        set kind = 'template', payload = jsonb_build_object('message', $2::jsonb), updated_at = now()
      where id = $1`,
    [id, JSON.stringify(fallback)],
  )
}

/** Records a failed attempt and when to try again; returns that moment. */
export async function scheduleRetry(
  tx: Queryable,
  params: { id: number; reason: string; code: number | null; delayMs: number },
): Promise<Date | undefined> {
  const { rows } = await tx.query<{ next_attempt_at: Date }>(
    `update whatsapp_outbound
        set attempt_started_at = null, last_error = $2, error_code = $3, updated_at = now(),
            next_attempt_at = clock_timestamp() + make_interval(secs => $4::float8 / 1000)
      where id = $1
      returning next_attempt_at`,
    [params.id, params.reason, params.code, params.delayMs],
  )
  return rows[0]?.next_attempt_at
}

export async function markOutboundFailed(
  tx: Queryable,
  params: { id: number; attempts: number; code: number | null; error: string },
): Promise<void> {
  await tx.query(
    `update whatsapp_outbound
        set status = 'failed', failed_at = now(), attempts = $2, error_code = $3,
            last_error = $4, attempt_started_at = null, updated_at = now()
      where id = $1`,
    [params.id, params.attempts, params.code, params.error.slice(0, 300)],
  )
}

/** Sent with each message; Meta returns it in the status callbacks (biz_opaque_callback_data). */
export const callbackData = (outboundId: number) => `out:${outboundId}`

export function outboundIdFromCallback(data: string | null | undefined): number | null {
  const match = /^out:(\d{1,15})$/.exec(data ?? '')
  return match?.[1] ? Number(match[1]) : null
}

/**
 * Status callbacks: sent → delivered → read only move forward; failed ends a sent message. A
 * callback finds its message by wamid, or by our callback data when the wamid is not recorded
 * yet (the callback beat the send's commit, or the sender crashed after Meta accepted).
 */
export async function applyStatus(
  db: Queryable,
  update: {
    wamid: string
    status: string
    at: Date
    errorCode: number | null
    error: string | null
    callbackData?: string | null
  },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update whatsapp_outbound o
        set status = case
              when $2 = 'failed' and o.status in ('queued', 'sent', 'delivered') then 'failed'
              when $2 <> 'failed' and o.status <> 'failed'
                   and array_position(array['queued', 'sent', 'delivered', 'read'], $2)
                       > array_position(array['queued', 'sent', 'delivered', 'read'], o.status)
                then $2
              else o.status end,
            wamid = coalesce(o.wamid, $1),
            attempt_started_at = null,
            sent_at = coalesce(o.sent_at, $3),
            delivered_at = case when $2 in ('delivered', 'read') then coalesce(o.delivered_at, $3)
                                else o.delivered_at end,
            read_at = case when $2 = 'read' then coalesce(o.read_at, $3) else o.read_at end,
            failed_at = case when $2 = 'failed' then coalesce(o.failed_at, $3) else o.failed_at end,
            error_code = case when $2 = 'failed' then $4 else o.error_code end,
            last_error = case when $2 = 'failed' then $5 else o.last_error end,
            updated_at = now()
      where o.channel = 'whatsapp'
        and (o.wamid = $1 or (o.wamid is null and o.id = $6))`,
    [
      update.wamid,
      update.status,
      update.at,
      update.errorCode,
      update.error ? `STATUS_FAILED: ${update.error}` : null,
      outboundIdFromCallback(update.callbackData),
    ],
  )
  return (rowCount ?? 0) > 0
}
