import type { AccountsDeps } from '../accounts/index.ts'
import type { PlansCache } from './plans-cache.ts'

/** What every route factory from tenancy up receives (built once in app/server.ts). */
export type AppDeps = AccountsDeps & {
  plans: PlansCache
  /** HMAC key for API keys, derived from AUTH_SECRET (api-keys.ts). */
  apiKeySecret: Buffer
}
