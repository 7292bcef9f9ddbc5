import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../test/auth-client.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import type { AppBindings } from '../platform/http/app-types.ts'
import { requireAdmin, requireUser } from './auth-guards.ts'
import { onError } from '../platform/http/errors.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })
let app: Hono<AppBindings>

beforeAll(async () => {
  app = new Hono<AppBindings>()
    .get('/user', requireUser(server.deps), (c) => c.json({ id: c.get('user').id }))
    .get('/admin', requireAdmin(server.deps), (c) => c.json({ admin: c.get('user').email }))
  app.onError(onError(server.deps.log))
})

const get = (path: string, cookie = '') => app.request(path, { headers: { cookie } })

describe('requireUser / requireAdmin', () => {
  it('answer 401 in the error shape without a session, or with a forged one', async () => {
    for (const cookie of ['', 'equilibrai.session_token=forjado.assinatura']) {
      for (const path of ['/user', '/admin']) {
        const res = await get(path, cookie)
        expect(res.status).toBe(401)
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
      }
    }
  })

  it('put the user on the context; a non-admin gets 403 from admin routes', async () => {
    const { client, userId, email } = await signedInUser(server)
    expect(await (await get('/user', client.cookieHeader())).json()).toEqual({ id: userId })
    const forbidden = await get('/admin', client.cookieHeader())
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Você não tem permissão para acessar este recurso.' },
    })
    await setAdmin(server.database.pool, email, true)
    expect(await (await get('/admin', client.cookieHeader())).json()).toEqual({ admin: email })
  })
})
