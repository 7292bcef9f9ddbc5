import { heldByLiveLockerSql, type Queryable } from '../platform/index.ts'

/* What the recovery sweep and the retention job (recovery.ts) read and erase. */

const BATCH = 500

/**
 * No job with this key is waiting to run or held by a live worker (none at all, or only one a
 * dead worker took). A live worker's job may not have reached the row yet: it waits in its
 * runner's local queue, or for the person's conversation lock, maybe since before that runner's
 * first heartbeat (heldByLiveLockerSql: a lock younger than the window is live). `key` must name
 * the outer row's columns qualified (the jobs view has an `id` of its own), `$1` must be the
 * job's key prefix and `$2` the stale window in milliseconds (WORKER_STALE_AFTER_SECONDS).
 */
const NO_WAITING_JOB = (key: string) => `not exists (
  select 1 from graphile_worker.jobs j where j.key = $1 || ${key}
    and ((j.locked_at is null and j.attempts < j.max_attempts)
         or ${heldByLiveLockerSql('j', '$2')}))`

/**
 * Unprocessed messages that no waiting or live job answers for and that nobody is processing
 * (their rows stay locked). A whatsapp_inbound job answers for the messages in its payload:
 * `ids` (the job of an inbox statement's messages) or `id` alone (the sweep's own jobs).
 */
export async function unfinishedInbound(
  tx: Queryable,
  { task, staleAfterMs }: { task: string; staleAfterMs: number },
) {
  const { rows } = await tx.query<{ id: number; message_id: string }>(
    `with covered as materialized (
       select x.id::bigint as id
         from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $1
        cross join lateral json_array_elements_text(
                coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) as x(id)
        where (j.locked_at is null and j.attempts < j.max_attempts)
           or ${heldByLiveLockerSql('j', '$2')})
     select id, message_id from whatsapp_inbound i
      where processed_at is null and not exists (select 1 from covered c where c.id = i.id)
      order by id limit ${BATCH}
      for update of i skip locked`,
    [task, staleAfterMs],
  )
  return rows
}

/**
 * Queued messages without a waiting job whose attempt lock is free (nobody is sending them);
 * that lock is then held until the transaction ends. A message has a waiting job when its own
 * keyed one waits (or a live worker holds it), or when a whatsapp_send job of a batch's replies
 * (`task`) names it in `ids` and waits or is held by a live worker (ADR 008, 2026-11-26 late).
 */
export async function abandonedOutbound(
  tx: Queryable,
  {
    task,
    keyPrefix,
    attemptLockPrefix,
    staleAfterMs,
  }: {
    task: string
    keyPrefix: string | undefined
    attemptLockPrefix: string
    staleAfterMs: number
  },
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `with covered as materialized (
       select x.id::bigint as id
         from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $4
        cross join lateral json_array_elements_text(j.payload -> 'ids') as x(id)
        where json_typeof(j.payload -> 'ids') = 'array'
          and ((j.locked_at is null and j.attempts < j.max_attempts)
               or ${heldByLiveLockerSql('j', '$2')})),
     candidates as materialized (
       select id from whatsapp_outbound o
        where status = 'queued' and ${NO_WAITING_JOB('o.id')}
          and not exists (select 1 from covered c where c.id = o.id)
        order by id limit ${BATCH})
     select id from candidates
      where pg_try_advisory_xact_lock(hashtextextended($3 || id, 0))`,
    [keyPrefix, staleAfterMs, attemptLockPrefix, task],
  )
  return rows.map((row) => row.id)
}

/** Message texts older than `days` erased, expired codes and stored replies deleted. */
export async function eraseOldTexts(
  db: Queryable,
  { days }: { days: number },
): Promise<{ inbound: number; outbound: number; replies: number }> {
  const inbound = await db.query(
    `update whatsapp_inbound set payload = null
      where payload is not null and processed_at is not null
        and received_at < now() - make_interval(days => $1)`,
    [days],
  )
  const outbound = await db.query(
    `update whatsapp_outbound set payload = jsonb_build_object('erased', true)
      where status <> 'queued' and not payload ? 'erased'
        and created_at < now() - make_interval(days => $1)`,
    [days],
  )
  await db.query('delete from whatsapp_link_codes where expires_at < now()')
  // Files sent as documents (the PDF statement): whatsapp/documents.ts.
  await db.query(
    'delete from whatsapp_documents where created_at < now() - make_interval(days => $1)',
    [days],
  )
  const replies = await db.query(
    'delete from assistant_replies where created_at < now() - make_interval(days => $1)',
    [days],
  )
  return {
    inbound: inbound.rowCount ?? 0,
    outbound: outbound.rowCount ?? 0,
    replies: replies.rowCount ?? 0,
  }
}
