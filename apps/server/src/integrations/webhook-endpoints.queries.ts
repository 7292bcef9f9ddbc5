import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

type EndpointRow = {
  id: string
  url: string
  events: WebhookEventType[]
  secret: string
  created_at: Date
  disabled_at: Date | null
}

const COLUMNS = 'id, url, events, secret, created_at, disabled_at'

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: Number(row.id),
  url: row.url,
  events: row.events,
  created_at: row.created_at.toISOString(),
  disabled_at: row.disabled_at?.toISOString() ?? null,
})

const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({
  ...toEndpoint(row),
  secret: row.secret,
})

export async function insertEndpoint(
  db: Queryable,
  p: { ledgerId: number; userId: string; url: string; events: string[]; secret: string },
): Promise<WebhookEndpointWithSecret> {
  const { rows } = await db.query<EndpointRow>(
    `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
     values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [p.ledgerId, p.userId, p.url, p.events, p.secret],
  )
  const row = rows[0]
  if (!row) throw new Error('endpoint not inserted')
  return withSecret(row)
}

export async function listEndpoints(
  db: Queryable,
  { ledgerId }: { ledgerId: number },
): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `select ${COLUMNS} from webhook_endpoints where ledger_id = $1 order by id desc`,
    [ledgerId],
  )
  return rows.map(toEndpoint)
}

export async function getEndpoint(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<WebhookEndpoint | null> {
  const { rows } = await db.query<EndpointRow>(
    `select ${COLUMNS} from webhook_endpoints where ledger_id = $1 and id = $2`,
    [ledgerId, id],
  )
  return rows[0] ? toEndpoint(rows[0]) : null
}

export async function deleteEndpoint(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<boolean> {
  const result = await db.query('delete from webhook_endpoints where ledger_id = $1 and id = $2', [
    ledgerId,
    id,
  ])
  return (result.rowCount ?? 0) > 0
}

/**
 * A new signing secret; the old one stops at once. Rotating also re-enables an endpoint that
 * was disabled for failing (the owner is evidently looking at it again).
 */
export async function rotateEndpointSecret(
  db: Queryable,
  { ledgerId, id, secret }: { ledgerId: number; id: number; secret: string },
): Promise<WebhookEndpointWithSecret | null> {
  const { rows } = await db.query<EndpointRow>(
    `update webhook_endpoints set secret = $3, disabled_at = null, failing_since = null
      where ledger_id = $1 and id = $2 returning ${COLUMNS}`,
    [ledgerId, id, secret],
  )
  return rows[0] ? withSecret(rows[0]) : null
}

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(
  db: Queryable,
  { ledgerId, endpointId, limit = 100 }: { ledgerId: number; endpointId: number; limit?: number },
): Promise<WebhookDelivery[]> {
  const { rows } = await db.query<{
    event_id: string
    type: string
    status: WebhookDelivery['status']
    attempts: number
    last_status_code: number | null
    created_at: Date
  }>(
    `select d.event_id, ev.type, d.status, d.attempts, d.last_status_code, d.created_at
       from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id
       join webhook_events ev on ev.id = d.event_id
      where e.ledger_id = $1 and e.id = $2
      order by d.created_at desc, d.id desc limit $3`,
    [ledgerId, endpointId, limit],
  )
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }))
}
