import { z } from 'zod'

/** The spec's checkout texts (§8), shown by the client and answered by the server alike. */
export const PLAN_NOT_FOR_SALE_MESSAGE = 'Este plano não está disponível para compra'
export const NO_SUBSCRIPTION_MESSAGE = 'Você ainda não tem uma assinatura.'

/**
 * POST /api/billing/checkout-session: `priceId` is the plan's `stripe_price_id` (spec §7). A
 * missing one is not malformed input but a plan that cannot be bought, so it passes here and
 * the server answers PLAN_NOT_FOR_SALE.
 */
export const checkoutSessionSchema = z.object({
  priceId: z
    .string({ error: 'priceId deve ser um texto' })
    .trim()
    .max(255, 'priceId inválido')
    .nullish()
    .transform((v) => v || null),
})
export type CheckoutSessionInput = z.input<typeof checkoutSessionSchema>

/** The answer of both POST /api/billing/checkout-session and /api/billing/portal-session. */
export type BillingRedirect = { url: string }
