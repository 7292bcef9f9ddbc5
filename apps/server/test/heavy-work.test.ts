import { describe, expect, it } from 'vitest'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { signedInUser } from './auth-client.ts'
import { startTestServer } from './test-server.ts'
import { useTestServer } from './use-test-database.ts'

/*
 * ARCHITECTURE §12: heavy work has bounded concurrency. 100 PDF statements asked at once: those
 * beyond the lane and its queue are refused at once with 503 BUSY and Retry-After (never a 500,
 * never a pile-up until everything times out); the others arrive whole. The event loop's
 * responsiveness under this load is measured by `npm run bench -- heavy`.
 */
const server = useTestServer()

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

describe('statement imports at once, in a lane of one with nobody waiting', () => {
  it('are answered 201 or 503 BUSY with Retry-After, never 500', async () => {
    const lanes = await startTestServer({ IMPORT_CONCURRENCY: '1', IMPORT_QUEUE: '0' })
    try {
      const { client, userId } = await signedInUser(lanes)
      await lanes.database.pool.query(
        `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
        [userId],
      )
      // A Nubank account CSV of 5,000 rows: parsing and matching it keeps the turn a while.
      const rows = Array.from(
        { length: 5_000 },
        (_, i) =>
          `${String((i % 28) + 1).padStart(2, '0')}/10/2026,-${10 + (i % 90)}.50,id-${i},Compra no débito - Padaria ${i}`,
      )
      const file = `Data,Valor,Identificador,Descrição\n${rows.join('\n')}\n`
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const form = new FormData()
          form.set('file', new Blob([file]), 'extrato.csv')
          const res = await fetch(`${lanes.url}/api/v1/imports`, {
            method: 'POST',
            headers: { origin: lanes.url, cookie: client.cookieHeader() },
            body: form,
          })
          const body = (await res.json()) as { error?: { code: string } }
          return { status: res.status, retryAfter: res.headers.get('retry-after'), body }
        }),
      )
      const previewed = answers.filter((a) => a.status === 201)
      const busy = answers.filter((a) => a.status === 503)
      expect(previewed.length + busy.length).toBe(8)
      expect(previewed.length).toBeGreaterThan(0)
      expect(busy.length).toBeGreaterThan(0)
      expect(busy.every((a) => a.body.error?.code === 'BUSY' && Number(a.retryAfter) > 0)).toBe(
        true,
      )
    } finally {
      await lanes.stop()
    }
  }, 180_000)
})
