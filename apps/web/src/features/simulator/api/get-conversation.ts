import type { SimulatorConversation } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/simulator/messages: the simulator conversation, oldest first. */
export function getConversation(signal?: AbortSignal): Promise<SimulatorConversation> {
  return api.get<SimulatorConversation>('/api/simulator/messages', { signal })
}

export function conversationQueryOptions() {
  return queryOptions({
    queryKey: ['simulator-conversation'],
    queryFn: ({ signal }) => getConversation(signal),
    staleTime: 0,
  })
}

/**
 * Polls every second while a message waits for its reply, and every few seconds otherwise
 * (reminders and alerts arrive on their own).
 */
export function useConversation() {
  return useQuery({
    ...conversationQueryOptions(),
    refetchInterval: (query) =>
      query.state.error ? false : query.state.data?.pending ? 1_000 : 5_000,
  })
}
