import type { AdminWaitlistPage } from '@equilibrai/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, type TestClient } from '../../test/auth-client.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })
let admin: TestClient

beforeAll(async () => {
  const signed = await signedInUser(server, { name: 'Ana Admin' })
  admin = signed.client
  await setAdmin(server.database.pool, signed.email, true)
})

const join = (body: unknown) =>
  server.api('/api/waitlist', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

async function waitlist(query = ''): Promise<AdminWaitlistPage> {
  const res = await admin.request(`/api/admin/waitlist${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as AdminWaitlistPage
}

async function csv(): Promise<{ res: Response; bytes: Uint8Array; text: string }> {
  const res = await admin.request('/api/admin/waitlist.csv')
  expect(res.status).toBe(200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) }
}

describe('the waitlist for operators', () => {
  it('is empty at first: count 0, no rows, a CSV with only the header', async () => {
    expect(await waitlist()).toEqual({ count: 0, data: [], next_cursor: null })
    const { text } = await csv()
    expect(text).toBe('\uFEFFnome,whatssapp,email,created_at\r\n')
  })

  it('lists what the public form stored, newest first, with the count', async () => {
    expect(
      (await join({ nome: 'Carla Dias', whatssapp: '(11) 98765-4321', email: '' })).status,
    ).toBe(201)
    expect(
      (await join({ nome: 'Rui Souza', whatssapp: '21987654321', email: 'rui@exemplo.com' }))
        .status,
    ).toBe(201)
    const page = await waitlist()
    expect(page.count).toBe(2)
    expect(page.next_cursor).toBeNull()
    expect(page.data.map(({ nome, whatssapp, email }) => ({ nome, whatssapp, email }))).toEqual([
      { nome: 'Rui Souza', whatssapp: '21987654321', email: 'rui@exemplo.com' },
      { nome: 'Carla Dias', whatssapp: '11987654321', email: null },
    ])
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      nome: 'Rui Souza',
      whatssapp: '21987654321',
      email: 'rui@exemplo.com',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    })
  })

  it('downloads a CSV for Excel: BOM, attachment, quotes doubled, formulas defused', async () => {
    await join({ nome: '=HYPERLINK("http://mal.example","clique")', whatssapp: '31987654321' })
    await join({ nome: '+Soma, "a" Silva', whatssapp: '41987654321' })
    await join({ nome: '@Arroba São João', whatssapp: '51987654321' })
    await join({ nome: '-2+3 Menos', whatssapp: '61987654321', email: 'menos@exemplo.com' })

    const { res, bytes, text } = await csv()
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="lista-vip-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = text.slice(1).split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines[0]).toBe('nome,whatssapp,email,created_at')
    const rows = lines.slice(1, -1).map((line) => line.replace(/,"[^"]*"$/, ''))
    expect(rows).toEqual([
      `"'-2+3 Menos","61987654321","menos@exemplo.com"`,
      `"'@Arroba São João","51987654321",`,
      `"'+Soma, ""a"" Silva","41987654321",`,
      `"'=HYPERLINK(""http://mal.example"",""clique"")","31987654321",`,
      `"Rui Souza","21987654321","rui@exemplo.com"`,
      `"Carla Dias","11987654321",`,
    ])
    expect(lines[1]).toMatch(/,"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/)
  })

  it('pages the list and streams every row of a long one into the CSV', async () => {
    await server.database.pool.query(
      `insert into usuarios (nome, whatssapp, email, created_at)
       select 'Pessoa ' || g, (11900000000 + g)::text, null,
              timestamptz '2025-01-01' + (g / 5) * interval '1 second'
         from generate_series(1, 2500) g`,
    )
    const seen = new Set<number>()
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await waitlist(`?limit=200${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.count).toBe(2506)
      for (const row of page.data) seen.add(row.id)
      cursor = page.next_cursor
      pages++
    } while (cursor)
    expect(pages).toBe(13)
    expect(seen.size).toBe(2506)

    const { text } = await csv()
    const lines = text.split('\r\n').slice(1, -1)
    expect(lines).toHaveLength(2506)
    expect(new Set(lines).size).toBe(2506)
    expect(lines.at(-1)).toMatch(/^"Pessoa [1-4]","1190000000[1-4]",,/)
  })

  it('refuses a bad cursor or limit with a 400', async () => {
    for (const query of ['?cursor=x', '?limit=500', '?limit=-1']) {
      expect((await admin.request(`/api/admin/waitlist${query}`)).status, query).toBe(400)
    }
  })
})
