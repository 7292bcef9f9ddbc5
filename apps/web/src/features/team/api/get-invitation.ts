import type { InvitationPreview } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/team/invitations/:token: who invited which e-mail, and whether it is still open. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return api.get<InvitationPreview>(`/api/team/invitations/${encodeURIComponent(token)}`, {
    signal,
  })
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['team', 'invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
  })
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token))
}
