import type { CreatedApiKey } from '@equilibrai/shared'
import { signedInUser } from './auth-client.ts'
import type { TestServer } from './test-server.ts'

export type ApiUser = Awaited<ReturnType<typeof signedInUser>>

/** A signed-in person on `plan` (empresas_15 has acesso_api and integrações_personalizadas). */
export async function userOnPlan(server: TestServer, plan = 'empresas_15'): Promise<ApiUser> {
  const u = await signedInUser(server)
  await setPlan(server, u.userId, plan)
  return u
}

export async function setPlan(server: TestServer, userId: string, plan: string) {
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    userId,
    plan,
  ])
}

/** Creates an API key through the route, with the person's session. */
export async function createKey(u: ApiUser, name = 'Integração'): Promise<CreatedApiKey> {
  const res = await u.client.post('/api/api-keys', { name })
  if (res.status !== 201) throw new Error(`api key: ${res.status} ${await res.text()}`)
  return (await res.json()) as CreatedApiKey
}

/** A request as an integration makes it: the key, no cookie, no Origin. */
export function withKey(
  server: TestServer,
  key: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
}

export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error
