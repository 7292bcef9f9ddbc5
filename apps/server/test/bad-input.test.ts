import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setAdmin } from '../src/app/cli/commands/accounts.ts'
import { signedInUser, type TestClient } from './auth-client.ts'
import {
  delivery,
  type FakeMeta,
  fakeMetaEnv,
  messageId,
  metaJson,
  signedDelivery,
  startFakeMeta,
} from './fake-meta.ts'
import { startTestServer, type TestServer } from './test-server.ts'

/**
 * The outside audit's 500s: a NUL character in any text field, malformed
 * percent-encoding in a path, impossible dates in the admin cursors, one bad item in a WhatsApp
 * delivery. Each must be a 4xx in the error shape (or, for WhatsApp, a 200 keeping the rest).
 */
let fake: FakeMeta
let server: TestServer
let admin: TestClient
beforeAll(async () => {
  fake = await startFakeMeta()
  // WhatsApp configured (signed deliveries) but the simulator stays open to admins.
  server = await startTestServer({ ...fakeMetaEnv(fake), TRUST_PROXY: 'x-forwarded-for' })
  const signed = await signedInUser(server, { name: 'Ana Admin' })
  await setAdmin(server.database.pool, signed.email, true)
  admin = signed.client
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

const NUL = '\u0000'

async function expectErrorShape(res: Response, status: number | 'any4xx', what: string) {
  if (status === 'any4xx') {
    expect(res.status, what).toBeGreaterThanOrEqual(400)
    expect(res.status, what).toBeLessThan(500)
  } else expect(res.status, what).toBe(status)
  const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } }
  expect(typeof body.error?.code, what).toBe('string')
  expect(typeof body.error?.message, what).toBe('string')
  return body.error as { code: string; message: string }
}

describe('U+0000 in a text field', () => {
  it('is a 400 in the error shape on every JSON route, and nothing is stored', async () => {
    const { client, userId } = await signedInUser(server, { name: 'Nina Nul' })
    await server.database.pool.query(
      `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
      [userId],
    )
    const writes: Array<[string, string, unknown]> = [
      [
        'POST',
        '/api/v1/transactions',
        {
          type: 'expense',
          amount_cents: 100,
          description: `Mercado${NUL}`,
          category: 'mercado',
          occurred_on: '2026-11-10',
        },
      ],
      ['PATCH', '/api/profile', { name: `Nina${NUL}Nul`, phone: '' }],
      ['PATCH', '/api/profile', { name: 'Nina Nul', phone: `11999990000${NUL}` }],
      ['POST', '/api/waitlist', { nome: `Nina${NUL}`, whatssapp: '11987654321', email: '' }],
      ['POST', '/api/simulator/messages', { text: `gastei 10${NUL}` }],
      ['POST', '/api/auth/update-user', { name: `Nina${NUL}` }],
      ['POST', '/api/auth/sign-in/email', { email: `a${NUL}@exemplo.com`, password: 'x' }],
      // A NUL in a key is no better than one in a value.
      ['PATCH', '/api/profile', { name: 'Nina Nul', phone: '', [`x${NUL}`]: 1 }],
    ]
    for (const [method, path, json] of writes) {
      const res = await client.request(path, { method, json })
      const error = await expectErrorShape(res, 400, `${method} ${path}`)
      expect(error.message).toBe('O texto contém um caractere inválido.')
    }
    const { rows } = await server.database.pool.query(
      `select (select name from profiles where id = $1) as name,
              (select name from "user" where id = $1) as user_name,
              (select count(*)::int from transactions t join ledgers l on l.id = t.ledger_id
                where l.owner_user_id = $1) as entries`,
      [userId],
    )
    expect(rows[0]).toEqual({ name: 'Nina Nul', user_name: 'Nina Nul', entries: 0 })
  })

  it('is a 400 in a query string (admin search, transaction filters) or a path', async () => {
    const search = await admin.request('/api/admin/users?q=ana%00')
    await expectErrorShape(search, 400, 'admin search')
    const filters = await admin.request('/api/v1/transactions?from=2026-01-01%00')
    await expectErrorShape(filters, 400, 'transactions filter')
    // And in a path (an id or a category): 400 too, before any route reads it.
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await admin.request('/api/v1/transactions/%00', {
        method,
        ...(method === 'PATCH' ? { json: { amount_cents: 1 } } : {}),
      })
      await expectErrorShape(res, 400, `${method} path`)
    }
  })

  it('in a signed WhatsApp delivery: the message is kept without the NUL, and the answer is 200', async () => {
    const id = messageId()
    const body = delivery({ messages: [{ from: '5511987651001', id, text: `saldo${NUL}` }] })
    const res = await server.api('/api/webhooks/whatsapp', signedDelivery(body))
    expect(res.status).toBe(200)
    const { rows } = await server.database.pool.query<{ payload: { text: { body: string } } }>(
      'select payload from whatsapp_inbound where message_id = $1',
      [id],
    )
    expect(rows[0]?.payload.text.body).toBe('saldo')
  })
})

describe('issue 25: deep JSON and terminal control characters', () => {
  it('a NUL deep inside nested JSON is a 400 on JSON routes, not a stack overflow (500)', async () => {
    const { client, userId } = await signedInUser(server, { name: 'Nina Funda' })
    await server.database.pool.query(
      `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
      [userId],
    )
    const depth = 20_000
    const deep = `${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`
    for (const path of ['/api/v1/transactions', '/api/auth/sign-in/email', '/api/profile']) {
      const res = await fetch(`${server.url}${path}`, {
        method: path === '/api/profile' ? 'PATCH' : 'POST',
        body: `{"description":${deep}}`,
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': client.ip,
          cookie: client.cookieHeader(),
        },
      })
      const error = await expectErrorShape(res, 400, path)
      expect(error.message, path).toBe('O texto contém um caractere inválido.')
    }
  })

  it('entries refuse terminal control characters with a clear pt-BR 400, and store nothing', async () => {
    const { client, userId } = await signedInUser(server, { name: 'Tina Terminal' })
    await server.database.pool.query(
      `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
      [userId],
    )
    for (const description of [
      'Mercado \u001b[2J\u001b[31mPAGO',
      'Aluguel\u0007',
      'Luz \u009b31m',
      'Conta\u007f',
      'Pix \u202eoãçiefed',
    ]) {
      const res = await client.post('/api/v1/transactions', {
        type: 'expense',
        amount_cents: 100,
        description,
        category: 'mercado',
        occurred_on: '2026-11-10',
      })
      const error = await expectErrorShape(res, 400, JSON.stringify(description))
      expect(error.message).toBe('A descrição não pode conter caracteres de controle.')
    }
    const { rows } = await server.database.pool.query(
      'select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1',
      [userId],
    )
    expect(rows[0]).toEqual({ n: 0 })
    const ok = await client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 100,
      description: 'Pão de queijo — R$ 1,00 ☕',
      category: 'mercado',
      occurred_on: '2026-11-10',
    })
    expect(ok.status).toBe(201)
  })
})

describe('a WhatsApp delivery with one bad item', () => {
  it('stores the good messages and answers 200 (a 400 would make Meta resend the batch forever)', async () => {
    const good = [messageId(), messageId()]
    const body = delivery({
      messages: [
        { from: '5511987651002', id: good[0], text: 'gastei 10 no mercado' },
        { from: '5511987651002', id: good[1], text: 'saldo' },
      ],
    })
    const messages = body.entry[0]?.changes[0]?.value.messages
    if (!Array.isArray(messages)) throw new Error('no messages')
    // No id, a sender that is not a number, and not an object at all.
    messages.splice(1, 0, { from: '5511987651002', type: 'text', text: { body: 'x' } })
    messages.push({ from: 'nobody', id: messageId(), type: 'text', text: { body: 'y' } }, 42)
    const res = await server.api('/api/webhooks/whatsapp', signedDelivery(metaJson(body)))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: 2, stored: 2 })
    const { rows } = await server.database.pool.query<{ message_id: string }>(
      'select message_id from whatsapp_inbound where message_id = any($1) order by id',
      [good],
    )
    expect(rows.map((r) => r.message_id)).toEqual(good)
  })
})

describe('malformed percent-encoding in a path', () => {
  it('is a 400 in the error shape, on the API and on pages', async () => {
    const { client } = await signedInUser(server)
    const cases: Array<[string, string]> = [
      ['GET', '/%ZZ'],
      ['GET', '/api/%ZZ'],
      ['GET', '/financas/%E0%A4%A'],
      ['GET', '/api/v1/transactions/%ZZ'],
      ['PATCH', '/api/v1/transactions/%ZZ'],
      ['DELETE', '/api/v1/transactions/%ZZ'],
      ['GET', '/api/admin/users?q=%ZZ'],
      ['GET', '/api/v1/transactions?from=%ZZ'],
    ]
    for (const [method, path] of cases) {
      const res = await client.request(path, {
        method,
        ...(method === 'PATCH' ? { json: { description: 'x' } } : {}),
      })
      await expectErrorShape(res, 'any4xx', `${method} ${path}`)
    }
    const res = await client.request('/%ZZ')
    expect(res.status).toBe(400)
  })
})

describe('impossible dates in the admin cursors', () => {
  it('answers 400 Cursor inválido, never 500', async () => {
    const cursor = (at: string) =>
      Buffer.from(JSON.stringify([at, 'x-user-id'])).toString('base64url')
    for (const at of [
      '2026-02-30T00:00:00.000000Z',
      '2026-04-31T10:00:00.000000Z',
      '2026-01-01T24:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
    ]) {
      for (const path of ['/api/admin/users', '/api/admin/waitlist']) {
        const res = await admin.request(`${path}?cursor=${cursor(at)}`)
        const error = await expectErrorShape(res, 400, `${path} ${at}`)
        expect(error.message).toBe('Cursor inválido')
      }
    }
  })
})
