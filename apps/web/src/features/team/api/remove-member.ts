import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** DELETE /api/team/members/:user_id: the owner removes a member, or a member leaves. */
export function removeMember(userId: string): Promise<void> {
  return api.delete<void>(`/api/team/members/${encodeURIComponent(userId)}`)
}

export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeMember,
    meta: { errorMessage: 'Não foi possível remover o membro' },
    // Leaving changes which ledger every page reads: refetch everything.
    onSettled: () => queryClient.invalidateQueries(),
  })
}
