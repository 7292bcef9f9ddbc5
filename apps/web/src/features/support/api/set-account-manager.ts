import type { AccountManagerInput } from '@equilibrai/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** PUT /api/admin/account-managers: names the account manager of an Empresas 15 customer. */
export function setAccountManager(input: AccountManagerInput) {
  return api.put<{ user_id: string; plan_type: string }>('/api/admin/account-managers', input)
}

export function useSetAccountManager() {
  return useMutation({
    mutationFn: setAccountManager,
    meta: { errorMessage: 'Não foi possível salvar o gerente de conta' },
  })
}
