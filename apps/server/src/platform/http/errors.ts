import type { ApiErrorBody } from '@equilibrai/shared'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { AppError, UnavailableError } from '../errors.ts'
import type { Logger } from '../logger.ts'

/*
 * Errors to HTTP responses, in one place (STYLE.md 10): handlers and domain code throw the
 * classes of ../errors.ts, onError answers with their status and the {"error":{code,message}}
 * body.
 */

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } }
}

/**
 * PostgreSQL's "this value cannot be stored" errors (SQLSTATE class 22: bad character, value
 * too long, number or date out of range). Input checks catch these first; should one slip
 * through a route written later, it is still the client's bad input (400), logged as a warning
 * so the missing check gets noticed, never a 500.
 */
const BAD_VALUE_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05'])

function isBadValueDatabaseError(error: Error): boolean {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && BAD_VALUE_SQLSTATES.has(code) && 'severity' in error
}

export function onError(log: Logger) {
  return (thrown: Error, c: Context) => {
    let error = thrown
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, requestId: c.get('requestId') }, 'database unavailable')
      error = new UnavailableError()
    }
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      return c.json(errorBody(error.code, error.message), error.status)
    }
    if (error instanceof HTTPException) {
      const status = error.status
      if (status === 413)
        return c.json(errorBody('PAYLOAD_TOO_LARGE', 'Conteúdo grande demais.'), 413)
      if (status < 500) return c.json(errorBody('BAD_REQUEST', 'Requisição inválida.'), status)
    }
    if (isBadValueDatabaseError(error)) {
      log.warn({ err: error, requestId: c.get('requestId') }, 'bad value reached the database')
      return c.json(errorBody('BAD_REQUEST', 'Requisição inválida.'), 400)
    }
    log.error({ err: error, requestId: c.get('requestId') }, 'unhandled error')
    return c.json(errorBody('INTERNAL_ERROR', 'Erro interno. Tente novamente em instantes.'), 500)
  }
}
