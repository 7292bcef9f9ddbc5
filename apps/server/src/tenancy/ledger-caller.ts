import type { AppDeps } from './app-deps.ts'
import type { EntrySource } from '@equilibrai/shared'
import type { Context, Next } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  type AuthSession,
  type AuthUser,
  type SessionExtra,
  requireUser,
} from '../accounts/index.ts'
import { type LedgerRef, ledgerForUser, ledgerForUserSql } from './ledgers.queries.ts'
import { assertFeature } from './feature-gate.ts'
import { hashApiKey, looksLikeApiKey } from './api-keys.ts'
import { findApiKeyCaller } from './api-keys.queries.ts'
import { API_KEY_RATE_LIMIT, checkApiKeyLimit } from './api-rate-limit.ts'
import { withIdempotency } from './idempotency.ts'
import {
  type AppBindings,
  UnauthorizedError,
  isBearerAuthenticatedRequest,
} from '../platform/index.ts'

/**
 * Who an /api request acts as, resolved once per request by the middleware below: the user,
 * the ledger they work in (a team member's: the team's, ledgerForUser) and its owner, whose
 * plan counts (limits and features); `source` marks their new entries ('api' for a key).
 * Structurally a LedgerRef, so it is passed as `ledger` to the domain functions.
 */
export type Caller = LedgerRef & { userId: string; source: CallerSource }
export type CallerSource = Extract<EntrySource, 'web' | 'api'>

/**
 * The ledger API's bindings: the caller's user (c.get('user')); `apiKeyId` is set when the
 * caller came with an API key (then there is no session); `caller` (c.var.caller) as above.
 */
export type LedgerBindings = AppBindings & {
  Variables: {
    user: AuthUser
    session: AuthSession['session'] | null
    apiKeyId: number | null
    caller: Caller
    sessionExtra?: Record<string, unknown>
  }
}

/** ledgerForUser folded into the session check's statement (one round trip less per request). */
const LEDGER_WITH_SESSION: SessionExtra = {
  columns: ['caller_ledger_id', 'caller_owner_id'],
  sql: (user) =>
    `select l.id as caller_ledger_id, l.owner_user_id as caller_owner_id
       from ledgers l where l.id = ${ledgerForUserSql(user)}`,
}

/**
 * The token of `Authorization: Bearer <token>`, or null when the request has no Bearer header.
 * Exactly the requests cross-site.ts exempts from its Origin check (isBearerAuthenticatedRequest)
 * take the key path here, so none of them can fall back to the session cookie.
 */
export function bearerToken(c: Context): string | null {
  if (!isBearerAuthenticatedRequest(c)) return null
  return (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim()
}

type CallerDeps = Pick<AppDeps, 'auth' | 'db' | 'apiKeySecret'>
type Ctx = Context<LedgerBindings>

/**
 * Who is calling /api/v1 (ARCHITECTURE §5, §8): a session cookie, or an API key sent as
 * `Authorization: Bearer eqk_…`. Both set the same `user` (a key acts as its owner) and the
 * same `caller` (c.var.caller, the handlers' only source of the ledger), so the handlers stay
 * the same. For a key, on every request and with nothing cached in memory: the key must be
 * live (401 at once after a revoke, on every instance), 120 requests a minute (429), and the
 * plan of the ledger's owner must include acesso_api (403 FEATURE_NOT_IN_PLAN). POSTs with an
 * Idempotency-Key are answered once (idempotency.ts).
 *
 * Safe to apply twice on one request (a group's `use` and a route's own): the second is a
 * pass-through.
 */
export function requireLedgerCaller(deps: CallerDeps) {
  const session = requireUser(deps, LEDGER_WITH_SESSION)
  return createMiddleware<LedgerBindings>(async (c, next) => {
    if (c.var.caller) return next()
    const token = bearerToken(c)
    if (token === null) {
      c.set('apiKeyId', null)
      await session(c as never, async () => {
        await setCaller(deps, c, 'web')
        await idempotent(deps, c, next)
      })
      return
    }
    const key = looksLikeApiKey(token)
      ? await findApiKeyCaller(deps.db, {
          keyHash: hashApiKey(deps.apiKeySecret, token),
          windowSeconds: API_KEY_RATE_LIMIT.windowSeconds,
        })
      : null
    if (!key) throw new UnauthorizedError('Chave de API inválida ou revogada.')
    c.set('user', key.user)
    c.set('session', null)
    c.set('apiKeyId', key.keyId)
    const limitHeaders = checkApiKeyLimit(key)
    const caller = await setCaller(deps, c, 'api')
    await assertFeature(deps.db, { ownerId: caller.ownerId, feature: 'acesso_api' })
    await idempotent(deps, c, next)
    for (const [name, value] of Object.entries(limitHeaders)) c.res.headers.set(name, value)
  })
}

/**
 * After requireUser (a session; keys never reach these routes): the user's ledger into
 * c.var.caller, for the session-only routes that act on it (/api/api-keys,
 * /api/support/requests). A pass-through when the caller is already known.
 */
export function resolveCaller(deps: Pick<AppDeps, 'db'>) {
  return createMiddleware<LedgerBindings>(async (c, next) => {
    if (!c.var.caller) await setCaller(deps, c, 'web')
    await next()
  })
}

/**
 * requireUser and resolveCaller in one, for the session-only routes that always act on the
 * caller's ledger (/api/support/requests): the ledger is read in the session's statement, as
 * requireLedgerCaller does, one round trip less than the two apart.
 */
export function requireSessionCaller(deps: Pick<AppDeps, 'auth' | 'db'>) {
  const session = requireUser(deps, LEDGER_WITH_SESSION)
  return createMiddleware<LedgerBindings>((c, next) =>
    session(c as never, async () => {
      if (!c.var.caller) await setCaller(deps, c, 'web')
      await next()
    }),
  )
}

/** The one ledgerForUser of an HTTP request: read per request, never cached (see there). */
async function setCaller(
  { db }: Pick<AppDeps, 'db'>,
  c: Ctx,
  source: CallerSource,
): Promise<Caller> {
  const userId = c.get('user').id
  const extra = c.var.sessionExtra
  const ledger =
    typeof extra?.caller_ledger_id === 'number' && typeof extra.caller_owner_id === 'string'
      ? { ledgerId: extra.caller_ledger_id, ownerId: extra.caller_owner_id }
      : await ledgerForUser(db, { userId })
  const caller: Caller = { userId, ...ledger, source }
  c.set('caller', caller)
  return caller
}

async function idempotent(deps: CallerDeps, c: Ctx, next: Next) {
  const replay = await withIdempotency(deps.db, c, c.get('user').id, next)
  if (replay) c.res = replay
}
