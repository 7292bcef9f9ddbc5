import {
  type Account,
  accountListSchema,
  entryUsageSchema,
  importCommitSchema,
  importDetailSchema,
  importSummarySchema,
  transactionPageSchema,
  transactionSchema,
  transferListSchema,
} from '@equilibrai/shared'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../../test/auth-client.ts'
import { expectContract } from '../../../test/contract.ts'
import { setBudget } from '../../budgets/index.ts'
import { ledgerForUser } from '../../tenancy/index.ts'
import { useTestServer } from '../../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type User = Awaited<ReturnType<typeof signedInUser>>

async function user(plan = 'pf_simples'): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

/** POST /api/v1/imports as the browser sends it (multipart, with the session cookie and Origin). */
function upload(
  u: User,
  file: Uint8Array | string,
  fields: Record<string, string> = {},
  origin = server.url,
) {
  const form = new FormData()
  form.set('file', new Blob([file]), 'extrato')
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return fetch(`${server.url}/api/v1/imports`, {
    method: 'POST',
    headers: { origin, cookie: u.client.cookieHeader(), 'x-forwarded-for': u.client.ip },
    body: form,
  })
}

async function preview(u: User, file: Uint8Array | string, fields: Record<string, string> = {}) {
  const res = await upload(u, file, fields)
  expect(res.status, await res.clone().text()).toBe(201)
  return expectContract(importSummarySchema, await res.json())
}

async function commit(u: User, id: number) {
  const res = await u.client.post(`/api/v1/imports/${id}/commit`, {})
  expect(res.status, await res.clone().text()).toBe(200)
  return expectContract(importCommitSchema, await res.json())
}

async function detail(u: User, id: number) {
  const res = await u.client.request(`/api/v1/imports/${id}`)
  expect(res.status).toBe(200)
  return expectContract(importDetailSchema, await res.json())
}

async function entries(u: User) {
  const res = await u.client.request('/api/v1/transactions?from=2024-01-01&to=2024-12-31&limit=100')
  return expectContract(transactionPageSchema, await res.json()).data
}

async function accounts(u: User): Promise<Account[]> {
  const res = await u.client.request('/api/v1/accounts')
  return expectContract(accountListSchema, await res.json()).data
}

async function typed(u: User, over: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/transactions', {
    type: 'expense',
    category: 'saude',
    ...over,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return expectContract(transactionSchema, await res.json())
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

describe('imported entries and budgets', () => {
  it('cross a budget like typed entries: one 80 % and one 100 % alert per month, not one per row', async () => {
    const u = await user()
    const pool = server.database.pool
    const { ledgerId } = await ledgerForUser(pool, { userId: u.userId })
    await setBudget(pool, { ledgerId, category: 'saude', month: '2024-03', limitCents: 10_000 })
    const rows = [
      ...[1, 2, 3, 4, 5, 6].map((d) => `0${d}/03/2024,-30.00,id-${d},Drogasil ${d}`),
      '10/04/2024,-85.00,id-9,Drogasil abril',
    ]
    const csv = `Data,Valor,Identificador,Descrição\n${rows.join('\n')}\n`
    const summary = await preview(u, csv)
    expect((await commit(u, summary.id)).recorded).toBe(7)
    const { rows: alerts } = await pool.query<{ kind: string; text: string }>(
      'select kind, text from alerts where ledger_id = $1 order by id',
      [ledgerId],
    )
    expect(alerts.map((a) => a.kind)).toEqual(['budget_80', 'budget_100', 'budget_80'])
    expect(alerts[1]?.text).toContain('R$ 180,00 de R$ 100,00')
    expect(alerts[2]?.text).toContain('R$ 85,00 de R$ 100,00')
  })
})

describe('GET /api/v1/imports/:id paging', () => {
  it('all rows without limit; pages after a cursor with it; review=true keeps the rows to check', async () => {
    const u = await user()
    const rows = [1, 2, 3, 4, 5, 6, 7].map((d) => `0${d}/05/2024,-1${d}.00,p-${d},Padaria ${d}`)
    const summary = await preview(u, `Data,Valor,Identificador,Descrição\n${rows.join('\n')}\n`)
    const all = await detail(u, summary.id)
    expect(all.items.map((i) => i.ord)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(all.next_cursor).toBeNull()
    const page = async (query: string) => {
      const res = await u.client.request(`/api/v1/imports/${summary.id}?${query}`)
      expect(res.status).toBe(200)
      const body = expectContract(importDetailSchema, await res.json())
      return [body.items.map((i) => i.ord), body.next_cursor, body.rows] as const
    }
    expect(await page('limit=3')).toEqual([[1, 2, 3], '3', 7])
    expect(await page('limit=3&cursor=3')).toEqual([[4, 5, 6], '6', 7])
    expect(await page('limit=3&cursor=6')).toEqual([[7], null, 7])
    expect(await page('limit=7')).toEqual([[1, 2, 3, 4, 5, 6, 7], null, 7])
    expect(await page('review=true&limit=3')).toEqual([[], null, 7])
    for (const bad of ['limit=0', 'limit=1001', 'cursor=abc', 'review=talvez']) {
      const res = await u.client.request(`/api/v1/imports/${summary.id}?${bad}`)
      expect(res.status, bad).toBe(400)
    }
  })
})

describe('/api/v1/imports', () => {
  it('refuses the free plan with FEATURE_NOT_IN_PLAN naming Pessoa Física', async () => {
    const u = await user('free')
    const res = await upload(u, fixture('nubank-conta.csv'))
    expect(res.status).toBe(403)
    const error = await errorOf(res)
    expect(error.code).toBe('FEATURE_NOT_IN_PLAN')
    expect(error.message).toContain('Pessoa Física')
    expect(await entries(u)).toHaveLength(0)
  })

  it('previews, commits once (idempotent), counts the entries, and a second import of the file is all duplicates', async () => {
    const u = await user()
    const before = expectContract(
      entryUsageSchema,
      await (await u.client.request('/api/v1/usage')).json(),
    )
    const summary = await preview(u, fixture('nubank-conta.csv'))
    expect(summary).toMatchObject({ format: 'nubank', rows: 4, new: 4, duplicates: 0, matched: 0 })
    expect(summary.period).toEqual({ from: '2024-03-01', to: '2024-03-31' })
    expect(await entries(u)).toHaveLength(0)
    const items = (await detail(u, summary.id)).items
    expect(items.map((i) => [i.type, i.state])).toEqual([
      ['expense', 'new'],
      ['income', 'new'],
      ['transfer', 'new'],
      ['expense', 'new'],
    ])
    expect(items[0]?.category).toBe('saude')
    const first = await commit(u, summary.id)
    // The bill payment is a transfer; with no card in the books it has no other side to go to.
    expect(first).toEqual({ recorded: 3, linked: 0 })
    expect(await commit(u, summary.id)).toEqual(first)
    const list = await entries(u)
    expect(list.map((e) => [e.occurred_on, e.amount_cents, e.type]).sort()).toEqual([
      ['2024-03-01', 8990, 'expense'],
      ['2024-03-02', 150000, 'income'],
      ['2024-03-31', 4500, 'expense'],
    ])
    const main = (await accounts(u)).find((a) => a.is_default)
    expect(new Set(list.map((e) => e.account_id))).toEqual(new Set([main?.id]))
    // Each recorded row links to its own entry (the 'new' rows, in file order).
    const linked = (await detail(u, summary.id)).items
    const byId = new Map(list.map((e) => [e.id, e]))
    expect(
      linked.map((i) => {
        const e = i.transaction_id === null ? null : byId.get(i.transaction_id)
        return e ? [i.date, i.amount_cents, e.occurred_on, e.amount_cents] : null
      }),
    ).toEqual([
      ['2024-03-01', 8990, '2024-03-01', 8990],
      ['2024-03-02', 150000, '2024-03-02', 150000],
      null,
      ['2024-03-31', 4500, '2024-03-31', 4500],
    ])
    const after = expectContract(
      entryUsageSchema,
      await (await u.client.request('/api/v1/usage')).json(),
    )
    expect(after.used - before.used).toBe(3)

    const again = await preview(u, fixture('nubank-conta.csv'))
    expect(again).toMatchObject({ rows: 4, new: 0, duplicates: 4, matched: 0 })
    expect(await commit(u, again.id)).toEqual({ recorded: 0, linked: 0 })
    expect(await entries(u)).toHaveLength(3)
  })

  it('counts rows already imported per account only; a deleted entry leaves its row unlinked but imported', async () => {
    const u = await user()
    const s = await preview(u, fixture('nubank-conta.csv'))
    expect(await commit(u, s.id)).toEqual({ recorded: 3, linked: 0 })
    const created = await u.client.post('/api/v1/accounts', { name: 'Inter', kind: 'checking' })
    expect(created.status, await created.clone().text()).toBe(201)
    const other = (await created.json()) as Account
    // The same file into another account: nothing there was imported yet.
    const elsewhere = await preview(u, fixture('nubank-conta.csv'), {
      account_id: String(other.id),
    })
    expect(elsewhere).toMatchObject({ rows: 4, new: 4, duplicates: 0 })
    const first = (await detail(u, s.id)).items[0]
    expect(first?.transaction_id).not.toBeNull()
    const gone = await u.client.request(`/api/v1/transactions/${first?.transaction_id}`, {
      method: 'DELETE',
    })
    expect(gone.status).toBe(204)
    expect((await detail(u, s.id)).items[0]?.transaction_id).toBeNull()
    // The row stays imported on its account: the file again is all duplicates.
    expect(await preview(u, fixture('nubank-conta.csv'))).toMatchObject({ new: 0, duplicates: 4 })
  })

  it('keeps a purchase and its IOF that share a FITID, and two identical rows of one file', async () => {
    const u = await user()
    const s = await preview(u, fixture('itau-102-cp1252.ofx'))
    expect(s).toMatchObject({ format: 'ofx', rows: 3, new: 3 })
    expect(await commit(u, s.id)).toEqual({ recorded: 3, linked: 0 })
    const twice = 'date,title,amount\n2024-04-02,Cafe,5.00\n2024-04-02,Cafe,5.00\n'
    const t = await preview(u, twice)
    expect(t).toMatchObject({ rows: 2, new: 2 })
    expect(await commit(u, t.id)).toEqual({ recorded: 2, linked: 0 })
    const thrice = `${twice}2024-04-02,Cafe,5.00\n`
    expect(await preview(u, thrice)).toMatchObject({ rows: 3, new: 1, duplicates: 2 })
  })

  it('matches a typed entry (closest date, then description), links it on commit, and undoes a wrong match', async () => {
    const u = await user()
    const near = await typed(u, {
      amount_cents: 8990,
      description: 'farmácia',
      occurred_on: '2024-03-02',
    })
    const far = await typed(u, {
      amount_cents: 8990,
      description: 'drogasil',
      occurred_on: '2024-03-04',
    })
    await typed(u, { amount_cents: 4500, description: 'padaria', occurred_on: '2024-03-31' })
    await typed(u, { amount_cents: 777, description: 'outra coisa', occurred_on: '2024-03-01' })
    const s = await preview(u, fixture('nubank-conta.csv'))
    expect(s).toMatchObject({ rows: 4, new: 2, matched: 2, review: 1 })
    const items = (await detail(u, s.id)).items
    expect(items[0]).toMatchObject({ state: 'matched', transaction_id: near.id, review: true })
    const toCheck = await u.client.request(`/api/v1/imports/${s.id}?review=true&limit=50`)
    const checked = expectContract(importDetailSchema, await toCheck.json())
    expect(checked.items.map((i) => i.ord)).toEqual([1])
    expect(items[3]).toMatchObject({ state: 'matched', review: false })
    expect(await commit(u, s.id)).toEqual({ recorded: 1, linked: 2 })
    const list = await entries(u)
    expect(
      list
        .filter((e) => e.amount_cents === 8990)
        .map((e) => e.id)
        .sort(),
    ).toEqual([near.id, far.id].sort())
    const { rows } = await server.database.pool.query(
      'select id from transactions where id = $1 and bank_seen_at is not null',
      [near.id],
    )
    expect(rows).toHaveLength(1)

    const undo = await u.client.post(`/api/v1/imports/${s.id}/items/${items[0]?.ord}/unmatch`, {})
    expect(undo.status, await undo.clone().text()).toBe(200)
    const undone = (await undo.json()) as { state: string; transaction_id: number }
    expect(undone.state).toBe('new')
    expect(undone.transaction_id).not.toBe(near.id)
    expect((await entries(u)).filter((e) => e.amount_cents === 8990)).toHaveLength(3)
    const seen = await server.database.pool.query(
      'select bank_seen_at from transactions where id = $1',
      [near.id],
    )
    expect(seen.rows[0]?.bank_seen_at).toBeNull()
    expect(await detail(u, s.id)).toMatchObject({ matched: 1, new: 3 })
    const twice = await u.client.post(`/api/v1/imports/${s.id}/items/${items[0]?.ord}/unmatch`, {})
    expect(twice.status).toBe(409)
  })

  it("imports a card's CSV into the card: the bill payment becomes a transfer, the refund income", async () => {
    const u = await user()
    const created = await u.client.post('/api/v1/accounts', {
      name: 'Nubank',
      kind: 'credit_card',
      closing_day: 10,
      due_day: 17,
    })
    const card = (await created.json()) as Account
    const s = await preview(u, fixture('nubank-cartao.csv'), { account_id: String(card.id) })
    expect(s.account_id).toBe(card.id)
    expect(await commit(u, s.id)).toEqual({ recorded: 4, linked: 0 })
    const list = await entries(u)
    expect(list.every((e) => e.account_id === card.id)).toBe(true)
    expect(list.find((e) => e.amount_cents === 3990)?.type).toBe('income')
    const transfers = expectContract(
      transferListSchema,
      await (await u.client.request('/api/v1/transfers')).json(),
    ).data
    expect(transfers).toHaveLength(1)
    expect(transfers[0]).toMatchObject({ to_account_id: card.id, amount_cents: 50000 })
  })

  it('remembers the column mapping of another CSV per account', async () => {
    const u = await user()
    const bad = await upload(u, fixture('outro-banco.csv'))
    expect(bad.status).toBe(422)
    expect((await errorOf(bad)).code).toBe('MAPPING_REQUIRED')
    const mapping = JSON.stringify({
      date: 'Dt',
      description: 'Histórico',
      debit: 'Débito',
      credit: 'Crédito',
      decimal: 'comma',
      date_format: 'DD/MM/YYYY',
    })
    expect(await preview(u, fixture('outro-banco.csv'), { mapping })).toMatchObject({
      format: 'csv',
      new: 2,
    })
    expect(await preview(u, fixture('outro-banco.csv'))).toMatchObject({ format: 'csv', new: 2 })
  })

  it('answers bad input with 4xx and the error shape, never 5xx', async () => {
    const u = await user()
    const big = new Uint8Array(10 * 1024 * 1024 + 10).fill(65)
    const tooBig = await upload(u, big)
    expect(tooBig.status).toBe(413)
    expect((await errorOf(tooBig)).code).toBe('FILE_TOO_LARGE')
    const huge = await upload(u, new Uint8Array(21 * 1024 * 1024).fill(65))
    expect(huge.status).toBe(413)
    const png = await upload(u, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))
    expect(png.status).toBe(415)
    const garbage = await upload(u, 'lorem ipsum dolor')
    expect(garbage.status).toBe(422)
    expect((await errorOf(garbage)).message).toMatch(/extrato/)
    const empty = await upload(u, '')
    expect(empty.status).toBe(400)
    const other = await user()
    const otherMain = (await accounts(other)).find((a) => a.is_default)
    const foreign = await upload(u, fixture('nubank-conta.csv'), {
      account_id: String(otherMain?.id),
    })
    expect(foreign.status).toBe(404)
    const json = await u.client.post('/api/v1/imports', { file: 'x' })
    expect(json.status).toBe(400)
    const crossSite = await upload(u, fixture('nubank-conta.csv'), {}, 'https://evil.example')
    expect(crossSite.status).toBe(403)
    expect((await u.client.request('/api/v1/imports/999999999')).status).toBe(404)
    const s = await preview(u, fixture('extrato-2x.ofx'))
    expect((await other.client.request(`/api/v1/imports/${s.id}`)).status).toBe(404)
    expect((await other.client.post(`/api/v1/imports/${s.id}/commit`, {})).status).toBe(404)
  })
})
