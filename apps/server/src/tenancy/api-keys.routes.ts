import type { AppDeps } from './app-deps.ts'
import { Hono } from 'hono'
import { type AuthedBindings, requireUser } from '../accounts/index.ts'
import { apiKeyHandlers } from './api-keys.handlers.ts'
import { requireFeature } from './feature-guard.ts'
import { resolveCaller } from './ledger-caller.ts'

/**
 * /api/api-keys (ARCHITECTURE §8): managed with a session only; a key cannot mint or revoke
 * keys. Creating one needs acesso_api on the plan; listing and revoking always work, so a
 * downgraded account can still clean up.
 */
export function apiKeysRoutes(deps: AppDeps) {
  const h = apiKeyHandlers(deps)
  return new Hono<AuthedBindings>()
    .use('/api-keys', requireUser(deps))
    .use('/api-keys/*', requireUser(deps))
    .post('/api-keys', resolveCaller(deps), requireFeature(deps, 'acesso_api'), h.create)
    .get('/api-keys', h.list)
    .delete('/api-keys/:id', h.revoke)
}
