import type { ApiErrorBody } from '@equilibrai/shared'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { AppError } from '../errors.ts'
import type { Logger } from '../logger.ts'

/*
 * Errors to HTTP responses, in one place (STYLE.md 10): handlers and domain code throw the
 * classes of ../errors.ts, onError answers with their status and the {"error":{code,message}}
 * body.
 */

// Re-exported for code written before the classes moved to ../errors.ts; import from there.
export {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UnprocessableError,
  ValidationError,
} from '../errors.ts'

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } }
}

export function onError(log: Logger) {
  return (error: Error, c: Context) => {
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
    log.error({ err: error, requestId: c.get('requestId') }, 'unhandled error')
    return c.json(errorBody('INTERNAL_ERROR', 'Erro interno. Tente novamente em instantes.'), 500)
  }
}
