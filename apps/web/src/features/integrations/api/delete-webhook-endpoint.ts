import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { webhookEndpointsQueryKey } from './get-webhook-endpoints'

/** DELETE /api/v1/webhook-endpoints/:id → 204. */
export function deleteWebhookEndpoint(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/v1/webhook-endpoints/${id}`)
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  })
}
