import { readFileSync } from 'node:fs'
import { passwordSchema, signupFieldsSchema } from '@equilibrai/shared'
import { z } from 'zod'

export const COMMON_PASSWORD_MESSAGE = 'Essa senha é muito comum. Escolha outra.'

let commonPasswords: Set<string> | null = null

/** The shipped list (common-passwords.txt), read once; compared without case. */
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  )
  return commonPasswords
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase())
}

export function commonPasswordCount(): number {
  return loadCommonPasswords().size
}

/**
 * The spec's password rules (packages/shared) plus a server-only check: the rule messages come
 * first, so a short or weak password still gets the spec's message, and only a password that
 * passes them all can be refused for being common.
 */
export const serverPasswordSchema = passwordSchema.refine((p) => !isCommonPassword(p), {
  message: COMMON_PASSWORD_MESSAGE,
})

/** POST /api/auth/sign-up/email: the form's fields, with the server's password check. */
export const signUpBodySchema = signupFieldsSchema.extend({ password: serverPasswordSchema })

/** POST /api/auth/reset-password: Better Auth's field names, the same password rules. */
export const resetPasswordBodySchema = z.object({
  newPassword: serverPasswordSchema,
  token: z.string().min(1, 'Link de redefinição inválido ou expirado.'),
})
