import { FRESH_SESSION_SECONDS } from '@equilibrai/shared'
import type { PasswordHasher } from '../accounts/index.ts'
import { type Db, AppError, BadRequestError } from '../platform/index.ts'

export class WrongPasswordError extends AppError {
  constructor() {
    super(403, 'INVALID_PASSWORD', 'Senha incorreta')
  }
}

export class ReauthenticationRequiredError extends AppError {
  constructor() {
    super(
      403,
      'REAUTHENTICATION_REQUIRED',
      'Por segurança, saia e entre de novo com o Google ou o GitHub e exclua a conta em até 5 minutos.',
    )
  }
}

async function passwordHash(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ password: string }>(
    `select password from "account"
      where "userId" = $1 and "providerId" = 'credential' and password is not null`,
    [userId],
  )
  return rows[0]?.password ?? null
}

/**
 * The person, not just their browser, asks for the deletion: the account's password, or — for
 * an account with no password (Google / GitHub only) — a sign-in from the last five minutes.
 * `onWrongPassword` counts the failure (password guessing limits, ADR 010) before the 403.
 */
export async function confirmDeletionConsent(
  deps: { db: Db; passwordHasher: PasswordHasher },
  params: {
    userId: string
    sessionCreatedAt: Date
    password: string | undefined
    now?: Date
    onWrongPassword?: () => Promise<void>
  },
): Promise<void> {
  const hash = await passwordHash(deps.db, params.userId)
  if (hash) {
    if (!params.password) throw new BadRequestError('Senha é obrigatória', 'VALIDATION_ERROR')
    if (!(await deps.passwordHasher.verify({ hash, password: params.password }))) {
      await params.onWrongPassword?.()
      throw new WrongPasswordError()
    }
    return
  }
  const ageMs = (params.now ?? new Date()).getTime() - params.sessionCreatedAt.getTime()
  if (ageMs > FRESH_SESSION_SECONDS * 1000) throw new ReauthenticationRequiredError()
}
