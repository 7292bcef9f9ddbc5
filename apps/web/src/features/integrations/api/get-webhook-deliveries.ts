import type { WebhookDeliveryList } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/webhook-endpoints/:id/deliveries: the 100 latest, newest first. */
export function getWebhookDeliveries(id: number, signal?: AbortSignal) {
  return api.get<WebhookDeliveryList>(`/api/v1/webhook-endpoints/${id}/deliveries`, { signal })
}

export const webhookDeliveriesQueryKey = (id: number) =>
  ['integrations', 'webhook-deliveries', id] as const

export function webhookDeliveriesQueryOptions(id: number) {
  return queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
    // Deliveries move on their own (retries): the log refreshes while it is open.
    refetchInterval: 5_000,
  })
}

export function useWebhookDeliveries(id: number) {
  return useQuery(webhookDeliveriesQueryOptions(id))
}
