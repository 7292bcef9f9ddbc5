import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Transfer } from '@equilibrai/shared'
import { invalidateBalances } from '@/lib/invalidate-balances'

export type PayInvoice = {
  accountId: number
  month: string
  from_account_id: number
  /** What is left of the bill when absent. */
  amount_cents?: number
}

/** POST /api/v1/accounts/:id/invoices/:month/pay → 201, a transfer into the card. */
export function payInvoice({ accountId, month, ...body }: PayInvoice): Promise<Transfer> {
  return api.post<Transfer>(`/api/v1/accounts/${accountId}/invoices/${month}/pay`, body)
}

export function usePayInvoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: payInvoice,
    onSettled: () => invalidateBalances(queryClient),
  })
}
