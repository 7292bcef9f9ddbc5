import type { EntrySource } from '@equilibrai/shared'
import type { Context } from 'hono'
import type { AppDeps } from './app-types.ts'
import { type AuthedBindings, requireUser } from './auth-guards.ts'

/*
 * Shared by every /api/v1 route (transactions, summary, usage...): routes do not import each
 * other, so the ledger API's guard lives here beside the other guards.
 */

/** The ledger API's bindings: the caller's user (c.get('user')). */
export type LedgerBindings = AuthedBindings

/**
 * Who is calling /api/v1 (ARCHITECTURE §5: "user (cookie or API key)"). Today one
 * authenticator, the session cookie. API keys (the plans' acesso_api feature) go here as a
 * second one, tried when the request carries `Authorization: Bearer …`: it sets the same
 * `user`, so the handlers, which read only `c.get('user').id` and `entrySourceOf(c)`, stay as
 * they are.
 */
export function requireLedgerCaller(deps: Pick<AppDeps, 'auth'>) {
  return requireUser(deps)
}

/** How the caller's new entries are marked: 'web' for a session ('api' once keys exist). */
export function entrySourceOf(_c: Context<LedgerBindings>): EntrySource {
  return 'web'
}
