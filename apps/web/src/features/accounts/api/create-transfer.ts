import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Transfer, TransferInput } from '@equilibrai/shared'
import { invalidateBalances } from '@/lib/invalidate-balances'

/** POST /api/v1/transfers → 201: money from one account to another, never income or expense. */
export function createTransfer(input: TransferInput): Promise<Transfer> {
  return api.post<Transfer>('/api/v1/transfers', input)
}

export function useCreateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTransfer,
    onSettled: () => invalidateBalances(queryClient),
  })
}
