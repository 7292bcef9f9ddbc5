import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../logger.ts'
import type { AppBindings } from './app-types.ts'
import { redactPath, redactQuery } from './log-redaction.ts'

/**
 * One structured line per API request, with the request id; static files log at debug. Path and
 * query are logged with their secrets redacted (log-redaction.ts).
 */
export function requestLog(log: Logger): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const path = c.req.path
    const search = new URL(c.req.url).search
    const query = redactQuery(search)
    const line = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: redactPath(path),
      ...(query ? { query } : {}),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    }
    if (path.startsWith('/api/')) log.info(line, 'request')
    else log.debug(line, 'request')
  }
}
