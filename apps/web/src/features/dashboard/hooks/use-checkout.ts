import { PLAN_NOT_FOR_SALE_MESSAGE, type PlanFeatures } from '@equilibrai/shared'
import { useCallback } from 'react'
import { toastError } from '@/lib/notify'
import { useCreateCheckoutSession } from '../api/create-checkout-session'

/**
 * Spec §4 'Checkout': the clicked plan is busy while its session is requested, then the browser
 * goes to the returned url. A plan without a price id cannot be bought (§8).
 */
export function useCheckout() {
  const { mutate, isPending, variables } = useCreateCheckoutSession()
  const start = useCallback(
    (plan: PlanFeatures) => {
      if (!plan.stripe_price_id) {
        toastError(undefined, PLAN_NOT_FOR_SALE_MESSAGE)
        return
      }
      mutate(
        { priceId: plan.stripe_price_id },
        { onSuccess: ({ url }) => window.location.assign(url) },
      )
    },
    [mutate],
  )
  const busyPriceId = isPending ? (variables?.priceId ?? null) : null
  return { start, busyPriceId, isPending }
}
