import type { Queryable } from '../platform/index.ts'
import type { Channel } from './outbox.queries.ts'

/* What a whatsapp_send job of a batch's replies (send-job.ts) reads and queues. */

/** The messages of `ids` still queued, in slot order. */
export async function queuedOf(
  db: Queryable,
  ids: readonly number[],
): Promise<Array<{ id: number; channel: Channel }>> {
  const { rows } = await db.query<{ id: number; channel: Channel }>(
    `select id, channel from whatsapp_outbound
      where id = any($1::bigint[]) and status = 'queued'
      order by not_before, id`,
    [ids],
  )
  return rows.map((r) => ({ id: Number(r.id), channel: r.channel }))
}

/**
 * The messages of `ids` still queued each get their own keyed send job (`job`: the
 * whatsapp_send spec), due when their next attempt is (now at the earliest): the single send's
 * path then decides about each. One statement, one add_jobs call. Returns how many.
 */
export async function queueEachAlone(
  db: Queryable,
  params: { ids: readonly number[]; job: { task: string; keyPrefix: string; maxAttempts: number } },
): Promise<number> {
  if (params.ids.length === 0) return 0
  const { rows } = await db.query<{ queued: number }>(
    `select count(*)::int as queued from graphile_worker.add_jobs(array(
       select row($2::text, json_build_object('id', o.id), null,
                  greatest(o.next_attempt_at, clock_timestamp()), $4::int, $3 || o.id, null,
                  null)::graphile_worker.job_spec
         from whatsapp_outbound o
        where o.id = any($1::bigint[]) and o.status = 'queued'))`,
    [params.ids, params.job.task, params.job.keyPrefix, params.job.maxAttempts],
  )
  return rows[0]?.queued ?? 0
}
