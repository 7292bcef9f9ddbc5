import { getMigrations } from 'better-auth/db/migration'
import { describe, expect, it } from 'vitest'
import { testEnv } from '../../test/test-server.ts'
import { createLogger } from '../platform/logger.ts'
import { authOptions } from './auth.ts'
import { createAuthRateLimiter } from './auth-rate-limits.ts'
import { createPasswordHasher } from './password-hasher.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'

const database = useTestDatabase()

describe("Better Auth's schema", () => {
  it('is exactly what our committed migrations create: nothing to add', async () => {
    // Social providers on, so the check covers every part of the configuration.
    const env = testEnv({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'g',
      GITHUB_CLIENT_ID: 'h',
      GITHUB_CLIENT_SECRET: 'h',
    })
    const log = createLogger('silent')
    const options = authOptions({
      env,
      db: database.pool,
      log,
      hasher: createPasswordHasher(),
      rateLimiter: createAuthRateLimiter(database.pool, 'x'.repeat(32)),
      secret: 'x'.repeat(32),
    })
    const { toBeCreated, toBeAdded } = await getMigrations(options)
    // A Better Auth upgrade that needs schema changes fails here, not in production: generate
    // the SQL with compileMigrations() and commit it as a new migration.
    expect(toBeCreated.map((t) => t.table)).toEqual([])
    expect(toBeAdded.map((t) => [t.table, Object.keys(t.fields)])).toEqual([])
  })
})
