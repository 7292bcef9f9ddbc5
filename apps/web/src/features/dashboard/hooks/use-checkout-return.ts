import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toastInfo, toastSuccess } from '@/lib/notify'
import { subscriptionQueryOptions } from '@/lib/get-subscription'

export const CHECKOUT_SUCCESS_MESSAGE =
  'Pagamento confirmado! Seu plano será atualizado em instantes.'
export const CHECKOUT_CANCEL_MESSAGE = 'Pagamento cancelado.'

/** How long the plan is polled after a payment: the webhook usually lands within seconds. */
const POLL_MS = 12_000

/**
 * Back from checkout (`?checkout=success|cancel`): the toast, once, and the parameter dropped.
 * After a payment the subscription is asked again at once and then polled for a few seconds,
 * since the plan changes when Stripe's webhook has been processed. Answers whether it polls.
 */
export function useCheckoutReturn(): boolean {
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const outcome = params.get('checkout')
  const handled = useRef(false)
  const [polling, setPolling] = useState(false)

  useEffect(() => {
    if (!outcome || handled.current) return
    handled.current = true
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        next.delete('checkout')
        return next
      },
      { replace: true },
    )
    if (outcome === 'success') {
      toastSuccess(CHECKOUT_SUCCESS_MESSAGE)
      void queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions().queryKey })
      setPolling(true)
    } else if (outcome === 'cancel') {
      toastInfo(CHECKOUT_CANCEL_MESSAGE)
    }
  }, [outcome, queryClient, setParams])

  useEffect(() => {
    if (!polling) return
    const timer = setTimeout(() => setPolling(false), POLL_MS)
    return () => clearTimeout(timer)
  }, [polling])

  return polling
}
