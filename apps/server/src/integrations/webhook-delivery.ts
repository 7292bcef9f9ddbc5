import { queueDelivery } from '../events/index.ts'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookEventBody } from '@equilibrai/shared'
import { type Db, withTransaction, type Env, queueEmail, type Logger } from '../platform/index.ts'
import { signatureHeader, SIGNATURE_HEADER } from './signature.ts'
import {
  resolveWebhookTarget,
  type ResolvedTarget,
  UnsafeWebhookUrlError,
  webhookUrlPolicy,
} from './url-guard.ts'
import { webhookDisabledEmail } from './webhook-mail.ts'

/*
 * One delivery attempt per job (ARCHITECTURE §8, §12, ADR 017): POST the event's JSON, signed,
 * with 3 s to connect and 5 s in all for the answer, and no redirects: an endpoint that accepts
 * and never answers costs one slot of the webhooks lane for 5 s per attempt. Anything but 2xx schedules the next attempt as a new job:
 * 5 s, 30 s, 2 min, 10 min, 30 min, then hourly, while the event is younger than 24 h. The
 * body (and so the event id) is the same on every attempt; only the signature's t changes.
 * An endpoint failing for 3 days without a success is disabled and its owner told by e-mail.
 */

export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600]
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000
export const CONNECT_TIMEOUT_MS = 3_000
export const ATTEMPT_TIMEOUT_MS = 5_000

/** The delay before attempt `attempt + 1`, after `attempt` failed ones (1-based). */
export function retryDelaySeconds(attempt: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(attempt, RETRY_DELAYS_SECONDS.length) - 1] ?? 3600
}

export type DeliveryDeps = { db: Db; env: Env; log: Logger }

type DeliveryRow = {
  id: string
  status: string
  attempts: number
  endpoint_id: string
  url: string
  secret: string
  disabled_at: Date | null
  live: boolean
  failing_since: Date | null
  event_id: string
  type: string
  data: unknown
  event_created_at: Date
  owner_email: string
  owner_name: string
}

type AttemptResult = { ok: boolean; statusCode: number | null; error: string | null }

export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: number,
  now: () => Date = () => new Date(),
): Promise<AttemptResult | null> {
  const { rows } = await deps.db.query<DeliveryRow>(
    `select d.id, d.status, d.attempts, e.id as endpoint_id, e.url, e.secret, e.disabled_at,
            webhook_endpoint_live(e.ledger_id, e.created_by) as live,
            e.failing_since, ev.id as event_id, ev.type, ev.data, ev.created_at as event_created_at,
            u.email as owner_email, u.name as owner_name
       from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id
       join webhook_events ev on ev.id = d.event_id
       join ledgers l on l.id = e.ledger_id
       join "user" u on u.id = l.owner_user_id
      where d.id = $1`,
    [deliveryId],
  )
  const row = rows[0]
  if (row?.status !== 'pending') return null
  // Disabled for failing, or no longer live (its creator left the ledger or deleted their
  // account, or the plan lost integrações_personalizadas): the attempt is not made.
  if (row.disabled_at || !row.live) {
    await deps.db.query(
      `update webhook_deliveries set status = 'failed', last_error = $2,
              next_attempt_at = null where id = $1`,
      [deliveryId, row.disabled_at ? 'endpoint desativado' : 'endpoint inativo'],
    )
    return null
  }

  const payload: WebhookEventBody = {
    id: row.event_id,
    type: row.type,
    created_at: row.event_created_at.toISOString(),
    data: row.data,
  }
  const body = JSON.stringify(payload)
  const result = await postSigned(row.url, row.secret, body, webhookUrlPolicy(deps.env), now())
  const at = now()
  const attempts = row.attempts + 1

  if (result.ok) {
    await withTransaction(deps.db, async (tx) => {
      await tx.query(
        `update webhook_deliveries set status = 'succeeded', attempts = $2, last_status_code = $3,
                last_error = null, last_attempt_at = $4, next_attempt_at = null where id = $1`,
        [deliveryId, attempts, result.statusCode, at],
      )
      await tx.query('update webhook_endpoints set failing_since = null where id = $1', [
        row.endpoint_id,
      ])
    })
    return result
  }

  const delayMs = retryDelaySeconds(attempts) * 1000
  const retryAt = new Date(at.getTime() + delayMs)
  const retry = retryAt.getTime() - row.event_created_at.getTime() <= RETRY_WINDOW_MS
  const failingSince = row.failing_since ?? at
  const disable = at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS
  await withTransaction(deps.db, async (tx) => {
    await tx.query(
      `update webhook_deliveries set status = $2, attempts = $3, last_status_code = $4,
              last_error = $5, last_attempt_at = $6, next_attempt_at = $7 where id = $1`,
      [
        deliveryId,
        retry && !disable ? 'pending' : 'failed',
        attempts,
        result.statusCode,
        result.error,
        at,
        retry && !disable ? retryAt : null,
      ],
    )
    // Locked first: of two attempts disabling the endpoint at once, one finds it disabled.
    const { rows: endpoint } = await tx.query<{ disabled_at: Date | null }>(
      'select disabled_at from webhook_endpoints where id = $1 for update',
      [row.endpoint_id],
    )
    const newlyDisabled = disable && endpoint[0]?.disabled_at === null
    await tx.query(
      `update webhook_endpoints set failing_since = coalesce(failing_since, $2),
              disabled_at = case when $3 then coalesce(disabled_at, $2) else disabled_at end
        where id = $1`,
      [row.endpoint_id, at, disable],
    )
    if (retry && !disable) {
      await queueDelivery(tx, { id: deliveryId, endpoint_id: row.endpoint_id }, retryAt)
    }
    // The owner is told once, in the transaction that disables the endpoint.
    if (newlyDisabled) {
      await queueEmail(tx, {
        to: row.owner_email,
        kind: 'webhook-disabled',
        content: webhookDisabledEmail({
          name: row.owner_name,
          url: row.url,
          link: `${deps.env.PUBLIC_URL}/integracoes`,
        }),
      })
    }
  })
  if (disable) {
    deps.log.warn({ endpointId: Number(row.endpoint_id) }, 'webhook endpoint disabled')
  }
  return result
}

/** POSTs `body` to `url` with its signature; never throws for the receiver's faults. */
export async function postSigned(
  url: string,
  secret: string,
  body: string,
  policy: 'public-https' | 'any',
  at: Date,
): Promise<AttemptResult> {
  const t = Math.floor(at.getTime() / 1000)
  try {
    const parsed = new URL(url)
    const target = await resolveWebhookTarget(parsed, policy)
    const statusCode = await post(parsed, target, body, {
      'Content-Type': 'application/json',
      'User-Agent': 'Equilibrai-Webhooks/1.0',
      [SIGNATURE_HEADER]: signatureHeader(secret, t, body),
    })
    return { ok: statusCode >= 200 && statusCode < 300, statusCode, error: null }
  } catch (error) {
    const message =
      error instanceof UnsafeWebhookUrlError ? error.message : (error as Error).message
    return { ok: false, statusCode: null, error: message.slice(0, 300) }
  }
}

/** One request to the checked address (the host name still goes in Host and TLS SNI). */
function post(
  url: URL,
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      ;(callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ])
    } else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        // Redirects are answers like any other: not followed, and not a success.
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    const timer = setTimeout(
      () => request.destroy(new Error(`sem resposta em ${ATTEMPT_TIMEOUT_MS / 1000} s`)),
      ATTEMPT_TIMEOUT_MS,
    )
    const connecting = setTimeout(
      () => request.destroy(new Error(`sem conexão em ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    )
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connecting)
      else socket.once('connect', () => clearTimeout(connecting))
    })
    request.on('close', () => {
      clearTimeout(timer)
      clearTimeout(connecting)
    })
    request.on('error', reject)
    request.end(body)
  })
}
