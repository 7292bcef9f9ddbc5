import type { WebhookEndpointList } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/webhook-endpoints. */
export function getWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpointList> {
  return api.get<WebhookEndpointList>('/api/v1/webhook-endpoints', { signal })
}

export const webhookEndpointsQueryKey = ['integrations', 'webhook-endpoints'] as const

export function webhookEndpointsQueryOptions() {
  return queryOptions({
    queryKey: webhookEndpointsQueryKey,
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
  })
}

export function useWebhookEndpoints(enabled = true) {
  return useQuery({ ...webhookEndpointsQueryOptions(), enabled })
}
