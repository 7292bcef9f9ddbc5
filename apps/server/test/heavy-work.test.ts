import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { signedInUser } from './auth-client.ts'
import { startTestServer, type TestServer } from './test-server.ts'

/*
 * ARCHITECTURE §12: heavy work has bounded concurrency. 100 PDF statements asked at once: those
 * beyond the lane and its queue are refused at once with 503 BUSY and Retry-After (never a 500,
 * never a pile-up until everything times out); the others arrive whole. The event loop's
 * responsiveness under this load is measured by `npm run bench -- heavy`.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

describe('100 PDF statements at once', () => {
  it('are answered 200 or 503 BUSY with Retry-After, never 500', async () => {
    const { client, userId } = await signedInUser(server)
    const db = server.database.pool
    await db.query(`update subscribers set plan_type = 'pf_simples' where user_id = $1`, [userId])
    const { ledgerId } = await ledgerForUser(db, { userId })
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       select $1, $2, 'expense', 1000 + i, 'almoço nº ' || i, 'alimentacao',
              date '2026-11-01' + (i % 28), 'web'
         from generate_series(1, 500) as i`,
      [ledgerId, userId],
    )
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await client.request('/api/v1/reports/monthly.pdf?month=2026-11')
        const bytes = new Uint8Array(await res.arrayBuffer())
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          pdf: new TextDecoder().decode(bytes.slice(0, 5)) === '%PDF-',
          code:
            res.status === 503
              ? (JSON.parse(new TextDecoder().decode(bytes)) as { error: { code: string } }).error
                  .code
              : null,
        }
      }),
    )
    const ok = answers.filter((a) => a.status === 200)
    const busy = answers.filter((a) => a.status === 503)
    expect(ok.length + busy.length).toBe(100)
    expect(ok.length).toBeGreaterThan(0)
    expect(ok.every((a) => a.pdf)).toBe(true)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy.every((a) => a.code === 'BUSY' && Number(a.retryAfter) > 0)).toBe(true)
    console.info(`100 PDFs at once: ${ok.length} answered, ${busy.length} refused with 503 BUSY`)
  }, 180_000)
})
