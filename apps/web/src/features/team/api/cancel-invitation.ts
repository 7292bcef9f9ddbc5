import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { teamQueryOptions } from './get-team'

/** DELETE /api/team/invitations/:id (owner only): the seat is freed. */
export function cancelInvitation(id: number): Promise<void> {
  return api.delete<void>(`/api/team/invitations/${id}`)
}

export function useCancelInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelInvitation,
    meta: { errorMessage: 'Não foi possível cancelar o convite' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
  })
}
