import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Account, AccountCreate } from '@equilibrai/shared'
import { invalidateBalances } from '@/lib/invalidate-balances'

/** POST /api/v1/accounts → 201 with the account; 409 when the name is taken. */
export function createAccount(input: AccountCreate): Promise<Account> {
  return api.post<Account>('/api/v1/accounts', input)
}

export function useCreateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAccount,
    onSettled: () => invalidateBalances(queryClient),
  })
}
