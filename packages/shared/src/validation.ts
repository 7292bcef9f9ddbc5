import { z } from 'zod'

/**
 * The spec's validation rules and their pt-BR messages, written once. The forms use these
 * schemas with zodResolver and the server parses the same ones, so bypassing the UI gets the
 * same message.
 */

const PHONE_CHARS = /^[\d\s\-+()]*$/

export const emailSchema = z.email({ message: 'Email inválido' })

export const passwordSchema = z
  .string()
  .min(8, 'Senha deve ter no mínimo 8 caracteres')
  .max(128, 'Senha deve ter no máximo 128 caracteres')
  .regex(/[A-Z]/, 'Senha deve conter ao menos uma letra maiúscula')
  .regex(/\d/, 'Senha deve conter ao menos um número')

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Senha é obrigatória'),
})
export type LoginInput = z.infer<typeof loginSchema>

const signupPhone = z
  .string()
  .regex(PHONE_CHARS, 'Formato de telefone inválido')
  .min(10, 'Telefone deve ter no mínimo 10 caracteres')
  .max(20, 'Telefone deve ter no máximo 20 caracteres')
  .optional()
  .or(z.literal(''))

export const signupFieldsSchema = z.object({
  name: z
    .string({ error: 'Nome é obrigatório' })
    .trim()
    .min(2, 'Nome deve ter no mínimo 2 caracteres')
    .max(100, 'Nome deve ter no máximo 100 caracteres'),
  email: emailSchema,
  phone: signupPhone,
  password: passwordSchema,
})

export const signupSchema = signupFieldsSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Senhas não coincidem',
    path: ['confirmPassword'],
  })
export type SignupInput = z.infer<typeof signupSchema>

/** 'Esqueci minha senha': the account's e-mail. */
export const forgotPasswordSchema = z.object({ email: emailSchema })
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Senhas não coincidem',
    path: ['confirmPassword'],
  })
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(100, 'Nome deve ter no máximo 100 caracteres'),
  // Trimmed before the rules, so a phone of only spaces counts as empty (stored as null).
  phone: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string()
        .regex(PHONE_CHARS, 'Telefone inválido')
        .min(10, 'Telefone deve ter pelo menos 10 dígitos')
        .max(20, 'Telefone deve ter no máximo 20 caracteres')
        .optional()
        .or(z.literal(''))
        .nullable(),
    )
    .transform((v) => (v ? v : null)),
})
export type ProfileInput = z.input<typeof profileSchema>

export const waitlistSchema = z.object({
  nome: z
    .string()
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(100, 'Nome deve ter no máximo 100 caracteres'),
  whatssapp: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .min(10, 'WhatsApp deve ter DDD e número')
        .max(13, 'WhatsApp deve ter no máximo 13 dígitos'),
    ),
  email: z
    .union([emailSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
})
export type WaitlistInput = z.input<typeof waitlistSchema>

/** The first message of a failed parse: the spec shows only that one, as a toast. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Dados inválidos'
}
