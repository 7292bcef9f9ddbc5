import type { AdminUsersPage } from '@equilibrai/shared'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { setUserRole } from '../src/accounts/users.queries.ts'
import { seedPeople } from '../test/admin-fixtures.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * GET /api/admin/users with 10,000 people, over HTTP as a signed-in admin (the session and role
 * check included): p50/p99 of sequential requests for the first page, then a deep page, a
 * search and the statistics; and the first page again without the (created_at, id) index, to
 * show what the index buys. Figures only, no pass/fail (the machines are shared).
 */
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 10_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)

const server = await startBenchServer()

try {
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  await setUserRole(db, { userId, role: 'admin' })
  const seedStart = performance.now()
  await seedPeople(db, { count: USERS, prefix: 'bench' })
  // As autovacuum would soon: measure the steady state, not a vacuum running alongside.
  await db.query('vacuum analyze "user", profiles, subscribers')
  console.log(
    `seeded ${USERS} people (user, profile, subscription) in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  )

  const get = async (pathAndQuery: string) => {
    const res = await fetch(`${server.url}${pathAndQuery}`, { headers: { cookie } })
    if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${await res.text()}`)
    return res.json()
  }

  const measure = async (label: string, pathAndQuery: string, requests = REQUESTS) => {
    for (let i = 0; i < 50; i++) await get(pathAndQuery) // warm-up
    const times: number[] = []
    for (let i = 0; i < requests; i++) {
      const start = performance.now()
      await get(pathAndQuery)
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    console.log(
      `  ${label.padEnd(44)} p50 ${fmt(percentile(times, 50), 1).padStart(6)} ms   p99 ${fmt(percentile(times, 99), 1).padStart(6)} ms   max ${fmt(times.at(-1) ?? 0, 1).padStart(6)} ms`,
    )
  }

  const first = (await get('/api/admin/users')) as AdminUsersPage
  if (first.data.length !== 50 || !first.next_cursor) throw new Error('unexpected first page')
  // The cursor of page 100 (rows 4,951–5,000), to show that a deep page costs the same.
  let cursor = first.next_cursor
  for (let i = 2; i < 100; i++) {
    cursor = ((await get(`/api/admin/users?cursor=${cursor}`)) as AdminUsersPage).next_cursor ?? ''
  }

  console.log(`GET /api/admin/users as an admin, ${USERS} users, ${REQUESTS} sequential requests:`)
  await measure('first page (50, newest first)', '/api/admin/users')
  await measure('first page, limit=200', '/api/admin/users?limit=200')
  await measure('page 100 (by cursor)', `/api/admin/users?cursor=${cursor}`)
  await measure('search ?q=pessoa 99 (scans search_text)', '/api/admin/users?q=pessoa%2099')
  await measure('GET /api/admin/stats (counted in SQL)', '/api/admin/stats')
  await measure('GET /api/admin/subscribers (every row)', '/api/admin/subscribers', 50)
  await measure('GET /api/me/has-role (floor: session only)', '/api/me/has-role?role=admin')
  await measure('GET /api/health/live (floor: no session)', '/api/health/live')

  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `explain analyze
     select p.id from profiles p join subscribers s on s.user_id = p.id
      order by p.created_at desc, p.id desc limit 51`,
  )
  const lines = plan.rows.map((r) => r['QUERY PLAN'])
  console.log(`  first page's plan: ${lines.find((l) => /Index|Sort/.test(l))?.trim()}`)
  console.log(`  ${lines.find((l) => l.startsWith('Execution Time'))}`)

  await db.query('drop index profiles_created_at_id_idx')
  console.log('without the (created_at, id) index:')
  await measure('first page (50, newest first)', '/api/admin/users')
  await db.query('create index profiles_created_at_id_idx on profiles (created_at desc, id desc)')
} finally {
  await server.cleanup()
}
