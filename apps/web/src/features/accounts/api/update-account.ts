import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Account, AccountPatch } from '@equilibrai/shared'
import { invalidateBalances } from '@/lib/invalidate-balances'

/** PATCH /api/v1/accounts/:id: rename, change the card's days, limit or digits, archive. */
export function updateAccount({ id, patch }: { id: number; patch: AccountPatch }) {
  return api.patch<Account>(`/api/v1/accounts/${id}`, patch)
}

export function useUpdateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAccount,
    onSettled: () => invalidateBalances(queryClient),
  })
}
