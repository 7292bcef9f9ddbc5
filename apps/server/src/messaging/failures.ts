import type { Db } from '../platform/index.ts'
import { maskWaId } from './phone.ts'

export type OutboundFailure = {
  id: number
  channel: string
  wa_id: string
  user_id: string | null
  kind: string
  attempts: number
  error_code: number | null
  last_error: string | null
  created_at: string
  failed_at: string | null
}

/**
 * Messages that could not be sent, newest first, for admins: ids, codes and reasons, the
 * number masked, never the text (LGPD).
 */
export async function recentFailures(
  db: Db,
  { limit }: { limit: number },
): Promise<OutboundFailure[]> {
  const { rows } = await db.query<
    Omit<OutboundFailure, 'created_at' | 'failed_at'> & { created_at: Date; failed_at: Date | null }
  >(
    `select id, channel, wa_id, user_id, kind, attempts, error_code, last_error, created_at, failed_at
       from whatsapp_outbound
      where status = 'failed'
      order by failed_at desc nulls last, id desc
      limit $1`,
    [limit],
  )
  return rows.map((r) => ({
    ...r,
    wa_id: maskWaId(r.wa_id),
    created_at: r.created_at.toISOString(),
    failed_at: r.failed_at?.toISOString() ?? null,
  }))
}
