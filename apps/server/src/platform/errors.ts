import { firstIssueMessage } from '@equilibrai/shared'
import type { z } from 'zod'

/**
 * The statuses a domain error may ask for. HTTP answers with it (http/errors.ts onError, the
 * one place that maps errors to responses); the CLI and jobs read the code and message.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503

/**
 * Domain errors carry a stable code and a pt-BR message (STYLE.md 10). They live outside http/
 * so that domain code (ledger/, billing/, auth/...) throws them without depending on the web
 * layer; handlers throw them too, and onError answers.
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
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
  constructor(
    retryAfterSeconds: number,
    message = 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  ) {
    super(429, 'RATE_LIMITED', message, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    })
  }
}

/** What a 503 asks clients to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/**
 * The database (or another part the request needs) did not answer in time or is down: the
 * client should try again shortly. ARCHITECTURE §12.
 */
export class UnavailableError extends AppError {
  constructor(retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS) {
    super(
      503,
      'UNAVAILABLE',
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
      { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    )
  }
}
