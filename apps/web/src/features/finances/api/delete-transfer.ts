import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateBalances } from '@/lib/invalidate-balances'

/** DELETE /api/v1/transfers/:id: undoes a transfer (balances only; no month total moves). */
export function deleteTransfer(id: number): Promise<unknown> {
  return api.delete(`/api/v1/transfers/${id}`)
}

export function useDeleteTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTransfer,
    onSettled: () => invalidateBalances(queryClient),
  })
}
