import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

describe('GET /api/profile', () => {
  it('answers 401 without a session', async () => {
    const res = await new TestClient(server).request('/api/profile')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Faça login para continuar.' },
    })
  })

  it("returns the user's own profile", async () => {
    const { client, email, userId } = await signedInUser(server, {
      name: 'Carla Dias',
      phone: '+55 (21) 99999-0000',
    })
    const res = await client.request('/api/profile')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      id: userId,
      name: 'Carla Dias',
      email,
      phone: '+55 (21) 99999-0000',
    })
    expect(Object.keys(body).sort()).toEqual(
      ['created_at', 'email', 'id', 'name', 'phone', 'updated_at'].sort(),
    )
  })
})

describe('PATCH /api/profile', () => {
  it('updates name and phone (trimmed; empty phone becomes null) and sets updated_at', async () => {
    const { client } = await signedInUser(server, { phone: '11999990000' })
    const before = (await (await client.request('/api/profile')).json()) as { updated_at: string }
    const res = await client.request('/api/profile', {
      method: 'PATCH',
      json: { name: '  Carla Dias Souza ', phone: '' },
    })
    expect(res.status).toBe(200)
    const after = (await res.json()) as { name: string; phone: null; updated_at: string }
    expect(after).toMatchObject({ name: 'Carla Dias Souza', phone: null })
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(
      new Date(before.updated_at).getTime(),
    )
    // The session's user follows (e-mails greet the person by this name).
    const session = (await (await client.request('/api/auth/get-session')).json()) as {
      user: { name: string }
    }
    expect(session.user.name).toBe('Carla Dias Souza')
  })

  it('changes only the signed-in user, whatever the body says', async () => {
    const alice = await signedInUser(server, { name: 'Alice Alves' })
    const bruno = await signedInUser(server, { name: 'Bruno Brito' })
    const res = await alice.client.request('/api/profile', {
      method: 'PATCH',
      json: { id: bruno.userId, name: 'Invasora', phone: null },
    })
    expect(res.status).toBe(200)
    const brunos = (await (await bruno.client.request('/api/profile')).json()) as { name: string }
    expect(brunos.name).toBe('Bruno Brito')
    const alices = (await (await alice.client.request('/api/profile')).json()) as { name: string }
    expect(alices.name).toBe('Invasora')
  })

  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: 'A', phone: '' }, 'Nome deve ter pelo menos 2 caracteres'],
    [{ name: 'x'.repeat(101), phone: '' }, 'Nome deve ter no máximo 100 caracteres'],
    [{ name: 'Ana Lima', phone: 'abc-defg-hij' }, 'Telefone inválido'],
    [{ name: 'Ana Lima', phone: '123' }, 'Telefone deve ter pelo menos 10 dígitos'],
    [{ name: 'Ana Lima', phone: '1'.repeat(21) }, 'Telefone deve ter no máximo 20 caracteres'],
  ]
  for (const [body, message] of cases) {
    it(`refuses ${JSON.stringify(body).slice(0, 40)}: 400 '${message}'`, async () => {
      const { client } = await signedInUser(server)
      const res = await client.request('/api/profile', { method: 'PATCH', json: body })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } })
    })
  }

  it('answers 401 without a session and 400 to malformed JSON', async () => {
    expect(
      (await new TestClient(server).request('/api/profile', { method: 'PATCH', json: {} })).status,
    ).toBe(401)
    const { client } = await signedInUser(server)
    const res = await client.request('/api/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })
})
