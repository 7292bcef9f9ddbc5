import { z } from 'zod'

/**
 * DELETE /api/me: the account's password. Accounts that only sign in with Google or GitHub have
 * none and send `{}`; they need a sign-in from the last few minutes instead.
 */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Senha é obrigatória' })
    .max(128, 'Senha deve ter no máximo 128 caracteres')
    .optional(),
})
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>

/** How recent a social-only account's sign-in must be to delete the account. */
export const FRESH_SESSION_SECONDS = 5 * 60
