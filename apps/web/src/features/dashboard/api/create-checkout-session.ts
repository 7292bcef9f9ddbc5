import type { BillingRedirect, CheckoutSessionInput } from '@equilibrai/shared'
import { PLAN_NOT_FOR_SALE_MESSAGE } from '@equilibrai/shared'
import { useMutation } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client'
import { toastError } from '@/lib/notify'

export const CHECKOUT_ERROR_MESSAGE = 'Erro ao processar pagamento. Tente novamente.'

/** POST /api/billing/checkout-session {priceId} → {url}: Stripe Checkout (or the simulated one). */
export function createCheckoutSession(input: CheckoutSessionInput): Promise<BillingRedirect> {
  return api.post<BillingRedirect>('/api/billing/checkout-session', input)
}

/** The spec's toast (§8): a plan the server will not sell says so; anything else failed. */
export function toastCheckoutError(error: unknown): void {
  const notForSale = error instanceof ApiError && error.code === 'PLAN_NOT_FOR_SALE'
  toastError(error, notForSale ? PLAN_NOT_FOR_SALE_MESSAGE : CHECKOUT_ERROR_MESSAGE)
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession, onError: toastCheckoutError })
}
