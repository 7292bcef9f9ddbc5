import { describe, expect, it } from 'vitest'
import { startTestServer } from '../../test/test-server.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer()

const post = (body: unknown, contentType = 'application/json') =>
  server.api('/api/waitlist', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const rows = async () =>
  (await server.database.pool.query('select nome, whatssapp, email from usuarios order by id')).rows

describe('POST /api/waitlist', () => {
  it('stores a valid sign-up with WhatsApp as digits and an empty e-mail as null', async () => {
    const res = await post({ nome: 'Maria Souza', whatssapp: '(11) 98765-4321', email: '' })
    expect(res.status).toBe(201)
    expect(await rows()).toEqual([{ nome: 'Maria Souza', whatssapp: '11987654321', email: null }])
  })

  it('keeps one row per number, never overwritten by a later sign-up, and still answers with success', async () => {
    // Someone else types Maria's number with their own name and e-mail.
    const res = await post({
      nome: 'Invasor',
      whatssapp: '11 98765 4321',
      email: 'invasor@exemplo.com',
    })
    expect(res.status).toBe(201)
    expect(await rows()).toEqual([{ nome: 'Maria Souza', whatssapp: '11987654321', email: null }])
    await post({ nome: 'Maria S.', whatssapp: '11987654321', email: null })
    expect(await rows()).toEqual([{ nome: 'Maria Souza', whatssapp: '11987654321', email: null }])
  })

  it.each([
    [{ nome: '', whatssapp: '11987654321' }, 'Nome é obrigatório'],
    [{ nome: 'Ana', whatssapp: '' }, 'WhatsApp deve ter DDD e número'],
    [{ nome: 'Ana', whatssapp: '1234' }, 'WhatsApp deve ter DDD e número'],
    [{ nome: 'Ana', whatssapp: '11987654321', email: 'nao-é-email' }, 'Email inválido'],
    [{ whatssapp: '11987654321' }, undefined],
    [[1, 2, 3], undefined],
  ])('refuses %j with a 400 in pt-BR', async (body, message) => {
    const res = await post(body)
    expect(res.status).toBe(400)
    const json = (await res.json()) as { error: { code: string; message: string } }
    expect(json.error.code).toBe('VALIDATION_ERROR')
    if (message) expect(json.error.message).toBe(message)
  })

  it('answers malformed JSON with 400 and a wrong content type with 415, never 500', async () => {
    expect((await post('{"nome": "Ana", ')).status).toBe(400)
    expect((await post('nome=Ana', 'application/x-www-form-urlencoded')).status).toBe(415)
    const res = await post('{bad json')
    expect(await res.json()).toEqual({ error: { code: 'INVALID_JSON', message: 'JSON inválido.' } })
  })

  it('limits sign-ups per client IP with a 429 and Retry-After', async () => {
    const limited = await startTestServer({}, undefined, {
      authRateLimits: { waitlistPerIp: { max: 2, windowSeconds: 3600 } },
    })
    try {
      const send = (n: number) =>
        limited.api('/api/waitlist', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nome: `Pessoa ${n}`, whatssapp: `1198765432${n}` }),
        })
      expect((await send(1)).status).toBe(201)
      expect((await send(2)).status).toBe(201)
      const third = await send(3)
      expect(third.status).toBe(429)
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await third.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED')
    } finally {
      await limited.stop()
    }
  })

  it('is write-only for the public', async () => {
    expect((await server.api('/api/waitlist')).status).toBe(404)
  })
})
