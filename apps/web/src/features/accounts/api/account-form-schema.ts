// TEMPORARY until packages/shared/src/contracts/accounts.ts (accounts-core) lands.
import { z } from 'zod'
import { ACCOUNT_KINDS } from '@/lib/accounts-contract'

const day = z
  .number({ error: 'Dia inválido' })
  .int('Dia inválido')
  .min(1, 'O dia deve ser entre 1 e 31')
  .max(31, 'O dia deve ser entre 1 e 31')

export const accountInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Nome é obrigatório')
      .max(60, 'Nome deve ter no máximo 60 caracteres'),
    kind: z.enum(ACCOUNT_KINDS, { error: 'Tipo de conta inválido' }),
    opening_balance_cents: z.number().int().optional(),
    closing_day: day.nullable().optional(),
    due_day: day.nullable().optional(),
    limit_cents: z.number().int().min(0).nullable().optional(),
    last_digits: z
      .string()
      .regex(/^\d{4}$/, 'Os últimos dígitos devem ser 4 números')
      .nullable()
      .optional(),
  })
  .refine((v) => v.kind !== 'credit_card' || (v.closing_day && v.due_day), {
    message: 'Informe o dia de fechamento e o dia de vencimento do cartão',
    path: ['closing_day'],
  })
export type AccountInput = z.infer<typeof accountInputSchema>
export type AccountPatch = Partial<Omit<AccountInput, 'kind'>> & { archived?: boolean }
