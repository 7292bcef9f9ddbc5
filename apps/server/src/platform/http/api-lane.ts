import { createMiddleware } from 'hono/factory'
import { type Lane, withApiTurn } from '../lanes.ts'
import type { AppBindings } from './app-types.ts'

/** Never waits in the api lane: the providers' webhooks (acknowledged at once) and the health check. */
const OUTSIDE_THE_LANE = /^\/api\/(webhooks\/|health(\/|$))/

/**
 * Bounds the /api requests handled at once (lanes.ts, the api lane; ADR 037): the rest wait
 * their turn in order, and past the queue get 503 BUSY with Retry-After. Webhooks and the
 * health check go straight through, so a burst of page loads never makes WhatsApp's delivery
 * wait for a database connection. The turn is held until the handler has answered (a streamed
 * body goes on outside it); heavy work gives it back when it enters its own lane.
 */
export function apiLane(lane: Lane) {
  return createMiddleware<AppBindings>(async (c, next) => {
    if (OUTSIDE_THE_LANE.test(c.req.path)) return next()
    const turn = await lane.enter()
    try {
      await withApiTurn(turn, next)
    } finally {
      turn.release()
    }
  })
}
