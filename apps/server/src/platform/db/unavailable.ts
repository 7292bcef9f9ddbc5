/*
 * Which database errors mean "the database is not there right now" rather than "this request
 * is wrong": they answer 503 UNAVAILABLE with Retry-After (http/errors.ts), never 500.
 */

/**
 * SQLSTATEs: 57014 query_canceled (statement_timeout), 57P01–57P03 shutdown / cannot connect
 * now, 53300 too_many_connections, 53xxx insufficient resources, 08xxx connection exceptions,
 * 55P03 lock_not_available (lock_timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(57014|57P0[1-3]|53\d{3}|08[0-9A-Z]{3}|55P03)$/

/** Node and pg's own messages for a connection that failed, timed out or was cut. */
const UNAVAILABLE_MESSAGE =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed|connect ECONNREFUSED|ECONNRESET|EPIPE|Cannot use a pool after calling end/

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code))
    return true
  return UNAVAILABLE_MESSAGE.test(error.message)
}
