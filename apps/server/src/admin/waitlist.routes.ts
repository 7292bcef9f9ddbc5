import type { AccountsDeps } from '../accounts/index.ts'
import { waitlistSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { type AppBindings, clientIp, parseBody } from '../platform/index.ts'
import { joinWaitlist } from './waitlist.queries.ts'

/** POST /api/waitlist: public and write-only; the same person twice still answers 201. */
export function waitlistRoutes({ db, env, authRateLimiter }: AccountsDeps) {
  return new Hono<AppBindings>().post('/waitlist', async (c) => {
    await authRateLimiter.check('waitlistPerIp', clientIp(c, env.TRUST_PROXY))
    const entry = await parseBody(c, waitlistSchema)
    await joinWaitlist(db, entry)
    return c.json({ ok: true }, 201)
  })
}
