import { waitlistSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import type { AppBindings, AppDeps } from '../../http/app-types.ts'
import { parseBody } from '../../http/parse.ts'
import { joinWaitlist } from '../../waitlist/waitlist.queries.ts'

/** POST /api/waitlist: public and write-only; the same person twice still answers 201. */
export function waitlistRoutes({ db }: AppDeps) {
  return new Hono<AppBindings>().post('/waitlist', async (c) => {
    const entry = await parseBody(c, waitlistSchema)
    await joinWaitlist(db, entry)
    return c.json({ ok: true }, 201)
  })
}
