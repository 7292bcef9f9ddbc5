import type { AccountsDeps } from './accounts-deps.ts'
import { profileSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { type AppBindings, NotFoundError, parseBody } from '../platform/index.ts'
import { requireUser } from './auth-guards.ts'
import { getProfile, updateProfile } from './profiles.queries.ts'

/** GET / PATCH /api/profile: the signed-in user's own profile, nobody else's. */
export function profileRoutes(deps: AccountsDeps) {
  const { db } = deps
  return new Hono<AppBindings>()
    .get('/profile', requireUser(deps), async (c) => {
      const profile = await getProfile(db, { userId: c.get('user').id })
      if (!profile) throw new NotFoundError('Perfil não encontrado.')
      return c.json(profile)
    })
    .patch('/profile', requireUser(deps), async (c) => {
      const input = await parseBody(c, profileSchema)
      const profile = await updateProfile(db, { userId: c.get('user').id, ...input })
      if (!profile) throw new NotFoundError('Perfil não encontrado.')
      return c.json(profile)
    })
}
