import type { TeamInvitation, TeamInvitationInput } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { teamQueryOptions } from './get-team'

/** POST /api/team/invitations {email} → 201; 409 SEATS_FULL when the seats are taken. */
export function inviteMember(input: TeamInvitationInput): Promise<TeamInvitation> {
  return api.post<TeamInvitation>('/api/team/invitations', input)
}

export function useInviteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteMember,
    meta: { errorMessage: 'Não foi possível enviar o convite' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
  })
}
