import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import { createApp } from '../app/create-app.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/** Every admin route this feature serves; each is checked for all three callers. */
const ADMIN_ROUTES = [
  '/api/admin/users',
  '/api/admin/users?limit=1&q=maria',
  '/api/admin/subscribers',
  '/api/admin/stats',
  '/api/admin/waitlist',
  '/api/admin/waitlist.csv',
]

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })
let anonymous: TestClient
let user: TestClient
let admin: TestClient
let adminEmail: string

beforeAll(async () => {
  anonymous = new TestClient(server)
  user = (await signedInUser(server, { name: 'Usuária Comum' })).client
  const signedAdmin = await signedInUser(server, { name: 'Ana Admin' })
  admin = signedAdmin.client
  adminEmail = signedAdmin.email
  await setAdmin(server.database.pool, adminEmail, true)
})

describe('admin routes: the access matrix', () => {
  it.each(ADMIN_ROUTES)('%s: 401 anonymous, 403 user, 200 admin', async (path) => {
    const anon = await anonymous.request(path)
    expect(anon.status).toBe(401)
    expect(await anon.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Faça login para continuar.' },
    })

    const forbidden = await user.request(path)
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Você não tem permissão para acessar este recurso.' },
    })

    const ok = await admin.request(path)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    await ok.arrayBuffer()
  })

  it('refuses a session that is not a session', async () => {
    const forged = new TestClient(server)
    forged.cookies.set('better-auth.session_token', 'nao-e-um-token.assinatura')
    expect((await forged.request('/api/admin/users')).status).toBe(401)
  })

  it('checks the role on every request: a revoked admin is refused at once', async () => {
    const { client, email } = await signedInUser(server, { name: 'Admin Temporário' })
    await setAdmin(server.database.pool, email, true)
    expect((await client.request('/api/admin/stats')).status).toBe(200)
    await setAdmin(server.database.pool, email, false)
    expect((await client.request('/api/admin/stats')).status).toBe(403)
  })

  it('guards every GET route mounted under /api/admin, including other features', async () => {
    // Read from the real app, so an admin route added later without its guard fails here.
    const paths = [
      ...new Set(
        createApp(server.deps)
          .routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/'))
          .map((r) => r.path.replace(/:[^/]+/g, 'x')),
      ),
    ].filter((p) => !p.includes('*'))
    expect(paths).toEqual(expect.arrayContaining(ADMIN_ROUTES.filter((p) => !p.includes('?'))))
    for (const path of paths) {
      expect([path, (await anonymous.request(path)).status]).toEqual([path, 401])
      expect([path, (await user.request(path)).status]).toEqual([path, 403])
    }
  })
})
