import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const hasRole = async (client: TestClient) => {
  const res = await client.request('/api/me/has-role?role=admin')
  return { status: res.status, body: await res.json() }
}

describe('GET /api/me/has-role', () => {
  it('answers 401 without a session', async () => {
    expect((await hasRole(new TestClient(server))).status).toBe(401)
  })

  it('is false for a new account, true after grant-admin, false again after revoke-admin', async () => {
    const { client, email } = await signedInUser(server)
    expect(await hasRole(client)).toEqual({ status: 200, body: { has_role: false } })
    await setAdmin(server.database.pool, email, true)
    // Checked on every request: no new sign-in needed, and none kept after a revoke.
    expect(await hasRole(client)).toEqual({ status: 200, body: { has_role: true } })
    await setAdmin(server.database.pool, email, false)
    expect(await hasRole(client)).toEqual({ status: 200, body: { has_role: false } })
  })

  it('refuses an unknown role with a 400', async () => {
    const { client } = await signedInUser(server)
    const res = await client.request('/api/me/has-role?role=dono')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Papel desconhecido.' },
    })
  })

  it('cannot be granted through sign-up or Better Auth endpoints', async () => {
    const client = new TestClient(server)
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Esperto Silva',
      email: `esperto.${Date.now()}@exemplo.com.br`,
      password: 'Cafe-Com-Leite-42',
      role: 'admin',
    })
    expect(res.status).toBe(400)
    const { client: user } = await signedInUser(server)
    const setRole = await user.post('/api/auth/admin/set-role', { userId: 'x', role: 'admin' })
    expect(setRole.status).toBe(404)
  })
})
