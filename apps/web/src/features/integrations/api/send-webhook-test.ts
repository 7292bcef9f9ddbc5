import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries'

/** POST /api/v1/webhook-endpoints/:id/test → 202 {event_id}. */
export function sendWebhookTest(id: number): Promise<{ event_id: string }> {
  return api.post<{ event_id: string }>(`/api/v1/webhook-endpoints/${id}/test`, {})
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendWebhookTest,
    onSettled: (_data, _error, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(id) }),
  })
}
