import type { WhatsAppLinkState } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/whatsapp/link: whether a number is linked, and whether the simulator is open. */
export function getWhatsAppLink(signal?: AbortSignal): Promise<WhatsAppLinkState> {
  return api.get<WhatsAppLinkState>('/api/whatsapp/link', { signal })
}

export function whatsAppLinkQueryOptions() {
  return queryOptions({
    queryKey: ['whatsapp-link'],
    queryFn: ({ signal }) => getWhatsAppLink(signal),
  })
}

/** `waitingForLink`: poll while a code is on screen, so the card turns 'linked' by itself. */
export function useWhatsAppLink({ waitingForLink = false }: { waitingForLink?: boolean } = {}) {
  return useQuery({
    ...whatsAppLinkQueryOptions(),
    refetchInterval: waitingForLink ? 3_000 : false,
  })
}
