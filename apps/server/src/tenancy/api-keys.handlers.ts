import type { AppDeps } from './app-deps.ts'
import { apiKeyCreateSchema, type CreatedApiKey } from '@equilibrai/shared'
import type { Context } from 'hono'
import type { AuthedBindings } from '../accounts/index.ts'
import {
  ConflictError,
  consumeRateLimit,
  NotFoundError,
  parseBody,
  pathId,
  type RateLimitRule,
  RateLimitedError,
  withTransaction,
} from '../platform/index.ts'
import { generateApiKey, hashApiKey } from './api-keys.ts'
import { insertApiKey, listApiKeys, lockKeysOf, revokeApiKey } from './api-keys.queries.ts'

type Ctx = Context<AuthedBindings>

export class ApiKeyNotFoundError extends NotFoundError {
  constructor() {
    super('Chave de API não encontrada.')
  }
}

/** Live keys per person (ARCHITECTURE §12): plenty for integrations, not an unbounded table. */
export const MAX_API_KEYS = 10
/** Key creations per person and hour, refused ones included (a create-revoke loop stops too). */
export const API_KEY_CREATION_LIMIT: RateLimitRule = { max: 20, windowSeconds: 3600 }

export class ApiKeyLimitError extends ConflictError {
  constructor() {
    super(
      `Você já tem ${MAX_API_KEYS} chaves de API ativas. Revogue uma para criar outra.`,
      'API_KEY_LIMIT',
    )
  }
}

export function apiKeyHandlers({ db, apiKeySecret }: Pick<AppDeps, 'db' | 'apiKeySecret'>) {
  return {
    /** POST /api/api-keys {name} → 201 {id, name, prefix, key}: the only time the key shows. */
    async create(c: Ctx) {
      const userId = c.get('user').id
      const { name } = await parseBody(c, apiKeyCreateSchema)
      const limit = await consumeRateLimit(db, {
        key: `api-key-create:${userId}`,
        rule: API_KEY_CREATION_LIMIT,
      })
      if (!limit.allowed) {
        throw new RateLimitedError(
          limit.retryAfterSeconds,
          `Limite de ${API_KEY_CREATION_LIMIT.max} chaves de API criadas por hora atingido. Tente de novo mais tarde.`,
        )
      }
      const { key, prefix } = generateApiKey()
      // Counted with the person's keys locked, so concurrent creations cannot pass the cap.
      const stored = await withTransaction(db, async (tx) => {
        if ((await lockKeysOf(tx, { userId })) >= MAX_API_KEYS) throw new ApiKeyLimitError()
        return insertApiKey(tx, { userId, name, prefix, keyHash: hashApiKey(apiKeySecret, key) })
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
