import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { PlansCache } from '../plans/plans-cache.ts'

/** What every route factory receives: the process's configured parts, never globals. */
export type AppDeps = {
  env: Env
  db: Db
  log: Logger
  plans: PlansCache
}

export type AppBindings = {
  Variables: {
    requestId: string
  }
}
