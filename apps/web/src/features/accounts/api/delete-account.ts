import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateBalances } from '@/lib/invalidate-balances'

/** DELETE /api/v1/accounts/:id: 409 when entries or transfers use it, never the default. */
export function deleteAccount(id: number): Promise<unknown> {
  return api.delete(`/api/v1/accounts/${id}`)
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSettled: () => invalidateBalances(queryClient),
  })
}
