import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../logger.ts'
import type { AppBindings } from './app-types.ts'

/** One structured line per API request, with the request id; static files log at debug. */
export function requestLog(log: Logger): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const path = c.req.path
    const line = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    }
    if (path.startsWith('/api/')) log.info(line, 'request')
    else log.debug(line, 'request')
  }
}
