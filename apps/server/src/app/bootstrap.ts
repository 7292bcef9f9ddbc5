import {
  ensureJobSchema,
  type Database,
  openDatabase,
  type OwnerRole,
  migrate,
  type Env,
  type Logger,
} from '../platform/index.ts'
import { stripePricesFromEnv, seedPlans } from '../tenancy/index.ts'

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
