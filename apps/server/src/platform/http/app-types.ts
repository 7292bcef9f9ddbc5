import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import type { Lanes } from '../lanes.ts'
import type { Logger } from '../logger.ts'
import type { NodeBindings } from './client-ip.ts'

/**
 * What a route factory receives, the platform's part: the process's configured parts, never
 * globals. Higher modules add theirs (accounts' AccountsDeps, tenancy's AppDeps), so a route
 * factory names only the parts of its own level and below. There is no mailer here: a request
 * never sends an e-mail, it queues one in its transaction (`queueEmail`, ADR 020).
 */
export type PlatformDeps = {
  env: Env
  db: Db
  log: Logger
  /** The bounded lanes of heavy work (lanes.ts), one set per server. */
  lanes: Lanes
}

export type AppBindings = {
  Bindings: NodeBindings
  Variables: {
    requestId: string
  }
}
