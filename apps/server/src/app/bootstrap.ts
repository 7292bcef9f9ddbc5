import { ensureJobSchema } from '../platform/index.ts'
import type { Database } from '../platform/index.ts'
import { openDatabase } from '../platform/index.ts'
import type { OwnerRole } from '../platform/index.ts'
import { migrate } from '../platform/index.ts'
import type { Env } from '../platform/index.ts'
import type { Logger } from '../platform/index.ts'
import { stripePricesFromEnv } from '../tenancy/index.ts'
import { seedPlans } from '../tenancy/index.ts'

/** Opens the database and brings its schema and seed data up to date (server, worker, CLI). */
export async function openReadyDatabase(env: Env, role: OwnerRole, log: Logger): Promise<Database> {
  const database = await openDatabase(env, role, log)
  try {
    const applied = await migrate(database.pool)
    if (applied.length) log.info({ applied }, 'migrations applied')
    await seedPlans(database.pool, stripePricesFromEnv(env))
    // graphile-worker's schema, also where no runner starts (WORKER=off, the CLI): recording an
    // entry can queue an alert's delivery job in its own transaction (alerts/alerts.ts).
    await ensureJobSchema(database.pool)
    return database
  } catch (error) {
    await database.close()
    throw error
  }
}
