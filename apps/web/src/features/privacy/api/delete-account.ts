import type { DeleteAccountInput } from '@equilibrai/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const ACCOUNT_DELETED_MESSAGE = 'Sua conta foi excluída.'

/** DELETE /api/me {password}: the account and everything kept about the person. */
export function deleteAccount(input: DeleteAccountInput): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>('/api/me', { body: input })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
