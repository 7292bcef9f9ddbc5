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
  creator_id: string | null
  creator_name: string | null
}

/** Over `webhook_endpoints e`: the endpoint and its creator (null once the account is gone). */
const COLUMNS = `e.id, e.url, e.events, e.secret, e.created_at, e.disabled_at,
  e.created_by as creator_id, (select u.name from "user" u where u.id = e.created_by) as creator_name`

/**
 * Which endpoints of a ledger a caller may act on (ARCHITECTURE §12): `all` (the ledger's owner
 * reading or deleting) or only those `userId` created. Signing-related actions (rotating the
 * secret, sending a test event) are always the creator's alone.
 */
export type EndpointScope = { ledgerId: number; userId: string; all: boolean }

/** SQL condition for a scope whose ledger, user and all flag are $1, $2, $3. */
const IN_SCOPE = 'e.ledger_id = $1 and ($3::boolean or e.created_by = $2)'
const scopeParams = (s: EndpointScope) => [s.ledgerId, s.userId, s.all]

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: Number(row.id),
  url: row.url,
  events: row.events,
  created_at: row.created_at.toISOString(),
  disabled_at: row.disabled_at?.toISOString() ?? null,
  created_by: row.creator_id ? { id: row.creator_id, name: row.creator_name ?? '' } : null,
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
    `insert into webhook_endpoints as e (ledger_id, created_by, url, events, secret)
     values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [p.ledgerId, p.userId, p.url, p.events, p.secret],
  )
  const row = rows[0]
  if (!row) throw new Error('endpoint not inserted')
  return withSecret(row)
}

export async function listEndpoints(
  db: Queryable,
  scope: EndpointScope,
): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `select ${COLUMNS} from webhook_endpoints e where ${IN_SCOPE} order by e.id desc`,
    scopeParams(scope),
  )
  return rows.map(toEndpoint)
}

export async function getEndpoint(
  db: Queryable,
  { id, ...scope }: EndpointScope & { id: number },
): Promise<WebhookEndpoint | null> {
  const { rows } = await db.query<EndpointRow>(
    `select ${COLUMNS} from webhook_endpoints e where ${IN_SCOPE} and e.id = $4`,
    [...scopeParams(scope), id],
  )
  return rows[0] ? toEndpoint(rows[0]) : null
}

export async function deleteEndpoint(
  db: Queryable,
  { id, ...scope }: EndpointScope & { id: number },
): Promise<boolean> {
  const result = await db.query(`delete from webhook_endpoints e where ${IN_SCOPE} and e.id = $4`, [
    ...scopeParams(scope),
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
  {
    ledgerId,
    userId,
    id,
    secret,
  }: { ledgerId: number; userId: string; id: number; secret: string },
): Promise<WebhookEndpointWithSecret | null> {
  const { rows } = await db.query<EndpointRow>(
    `update webhook_endpoints e set secret = $4, disabled_at = null, failing_since = null
      where ${IN_SCOPE} and e.id = $5 returning ${COLUMNS}`,
    [ledgerId, userId, false, secret, id],
  )
  return rows[0] ? withSecret(rows[0]) : null
}

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(
  db: Queryable,
  { ledgerId, endpointId, limit = 100 }: { ledgerId: number; endpointId: number; limit?: number },
  // The caller has already been shown the endpoint (getEndpoint with their scope).
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
