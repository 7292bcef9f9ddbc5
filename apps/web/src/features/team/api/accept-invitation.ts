import type { Team } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** POST /api/team/invitations/:token/accept: the signed-in user with that e-mail joins. */
export function acceptInvitation(token: string): Promise<Team> {
  return api.post<Team>(`/api/team/invitations/${encodeURIComponent(token)}/accept`, {})
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { errorMessage: 'Não foi possível aceitar o convite' },
    // From now on every page reads the team's ledger.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
