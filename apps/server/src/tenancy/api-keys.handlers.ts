import type { AppDeps } from './app-deps.ts'
import { apiKeyCreateSchema, type CreatedApiKey } from '@equilibrai/shared'
import type { Context } from 'hono'
import type { AuthedBindings } from '../accounts/index.ts'
import { NotFoundError, parseBody, pathId } from '../platform/index.ts'
import { generateApiKey, hashApiKey } from './api-keys.ts'
import { insertApiKey, listApiKeys, revokeApiKey } from './api-keys.queries.ts'

type Ctx = Context<AuthedBindings>

export class ApiKeyNotFoundError extends NotFoundError {
  constructor() {
    super('Chave de API não encontrada.')
  }
}

export function apiKeyHandlers({ db, apiKeySecret }: Pick<AppDeps, 'db' | 'apiKeySecret'>) {
  return {
    /** POST /api/api-keys {name} → 201 {id, name, prefix, key}: the only time the key shows. */
    async create(c: Ctx) {
      const userId = c.get('user').id
      const { name } = await parseBody(c, apiKeyCreateSchema)
      const { key, prefix } = generateApiKey()
      const stored = await insertApiKey(db, {
        userId,
        name,
        prefix,
        keyHash: hashApiKey(apiKeySecret, key),
      })
      const body: CreatedApiKey = { id: stored.id, name: stored.name, prefix, key }
      c.header('Cache-Control', 'no-store')
      return c.json(body, 201)
    },

    /** GET /api/api-keys: the live keys, without the keys themselves. */
    async list(c: Ctx) {
      return c.json({ data: await listApiKeys(db, { userId: c.get('user').id }) })
    },

    /** DELETE /api/api-keys/:id: revoked at once (every instance looks keys up per request). */
    async revoke(c: Ctx) {
      const id = pathId(c, () => new ApiKeyNotFoundError())
      const revoked = await revokeApiKey(db, { userId: c.get('user').id, id })
      if (!revoked) throw new ApiKeyNotFoundError()
      return c.body(null, 204)
    },
  }
}
