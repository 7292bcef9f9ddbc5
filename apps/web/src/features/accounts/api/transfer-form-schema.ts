// TEMPORARY until packages/shared/src/contracts/accounts.ts (accounts-core) lands.
import { amountCentsSchema, descriptionSchema, isoDateSchema } from '@equilibrai/shared'
import { z } from 'zod'

export const transferInputSchema = z
  .object({
    from_account_id: z.number({ error: 'Escolha a conta de origem' }).int(),
    to_account_id: z.number({ error: 'Escolha a conta de destino' }).int(),
    amount_cents: amountCentsSchema,
    occurred_on: isoDateSchema,
    description: descriptionSchema.optional(),
  })
  .refine((v) => v.from_account_id !== v.to_account_id, {
    message: 'A conta de origem e a de destino precisam ser diferentes.',
    path: ['to_account_id'],
  })
export type TransferInput = z.infer<typeof transferInputSchema>
