import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase, useTestServer } from './use-test-database.ts'

const database = useTestDatabase()

/** What reading the handle at collection time (before any hook) does. */
const tooEarly = (() => {
  try {
    return database.pool
  } catch (error) {
    return error
  }
})()

const exists = async (name: string) =>
  (
    await database.pool.query<{ n: number }>(
      'select count(*)::int as n from pg_database where datname = $1',
      [name],
    )
  ).rows[0]?.n === 1

describe('useTestDatabase', () => {
  it('refuses to be read before its beforeAll ran, saying so', () => {
    expect(tooEarly).toBeInstanceOf(Error)
    expect((tooEarly as Error).message).toBe('useTestDatabase() is read before its beforeAll ran')
  })

  it('reads a fresh, migrated and seeded database once the suite runs', async () => {
    const { rows } = await database.pool.query<{ name: string }>(
      'select current_database() as name',
    )
    expect(database.url.endsWith(`/${rows[0]?.name}`)).toBe(true)
    const plans = await database.pool.query('select plan_type from plan_features')
    expect(plans.rowCount).toBeGreaterThan(0)
  })

  let inner = ''
  describe('in a describe block', () => {
    const own = useTestDatabase()
    it('gives the block a database of its own', async () => {
      const { rows } = await own.pool.query<{ name: string }>('select current_database() as name')
      inner = rows[0]?.name ?? ''
      expect(inner).toMatch(/^t_/)
      expect(database.url.endsWith(`/${inner}`)).toBe(false)
      expect(await exists(inner)).toBe(true)
    })
  })

  it("drops the block's database after the block", async () => {
    expect(inner).toMatch(/^t_/)
    expect(await exists(inner)).toBe(false)
  })
})

describe('useTestServer', () => {
  // Something an earlier hook starts (a fake, a mail catcher) can be named in the overrides.
  let token = ''
  beforeAll(() => {
    token = `verify-${process.pid}`
  })
  const server = useTestServer(() => ({ WHATSAPP_VERIFY_TOKEN: token }))

  it('starts the real server with the overrides read in its beforeAll', async () => {
    expect(token).not.toBe('')
    expect(server.deps.env.WHATSAPP_VERIFY_TOKEN).toBe(token)
    const res = await server.api('/api/health')
    expect(res.status).toBe(200)
    expect(server.url).toBe(`http://localhost:${server.port}`)
  })

  it("reads the server's database through the handle", async () => {
    const { rows } = await server.database.pool.query<{ n: number }>(
      'select count(*)::int as n from plan_features',
    )
    expect(rows[0]?.n).toBeGreaterThan(0)
  })
})
