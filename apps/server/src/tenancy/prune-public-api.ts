import type { Db } from '../platform/index.ts'
import { pruneIdempotencyKeys } from './idempotency.ts'

/**
 * Housekeeping for the public API: stored Idempotency-Key answers past 24 h, and webhook
 * events (with their delivery log) older than 30 days, whose retries ended long ago.
 */
export async function prunePublicApi(db: Db): Promise<Record<string, number>> {
  const idempotencyKeys = await pruneIdempotencyKeys(db)
  const events = await db.query(
    `delete from webhook_events where created_at < now() - interval '30 days'
        and not exists (select 1 from webhook_deliveries d
                         where d.event_id = webhook_events.id and d.status = 'pending')`,
  )
  return { idempotency_keys: idempotencyKeys, webhook_events: events.rowCount ?? 0 }
}
