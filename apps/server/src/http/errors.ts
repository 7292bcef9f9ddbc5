import type { ApiErrorBody } from '@equilibrai/shared'
import { firstIssueMessage } from '@equilibrai/shared'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { Logger } from '../logger.ts'

/**
 * Domain errors carry a stable code and a pt-BR message; this file is the one place that maps
 * them to HTTP (STYLE.md 10). Handlers throw, onError answers.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST') {
    super(400, code, message)
  }
}

export class ValidationError extends AppError {
  constructor(error: z.ZodError) {
    super(400, 'VALIDATION_ERROR', firstIssueMessage(error))
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Faça login para continuar.') {
    super(401, 'UNAUTHORIZED', message)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Você não tem permissão para acessar este recurso.') {
    super(403, 'FORBIDDEN', message)
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Recurso não encontrado.') {
    super(404, 'NOT_FOUND', message)
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message)
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, code = 'UNPROCESSABLE') {
    super(422, code, message)
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um pouco e tente novamente.', {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    })
  }
}

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
    if (isBadValueDatabaseError(error)) {
      log.warn({ err: error, requestId: c.get('requestId') }, 'bad value reached the database')
      return c.json(errorBody('BAD_REQUEST', 'Requisição inválida.'), 400)
    }
    log.error({ err: error, requestId: c.get('requestId') }, 'unhandled error')
    return c.json(errorBody('INTERNAL_ERROR', 'Erro interno. Tente novamente em instantes.'), 500)
  }
}
