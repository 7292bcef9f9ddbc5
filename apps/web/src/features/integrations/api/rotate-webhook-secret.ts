import type { WebhookEndpointWithSecret } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { webhookEndpointsQueryKey } from './get-webhook-endpoints'

/** POST /api/v1/webhook-endpoints/:id/rotate-secret → the new secret (the old one stops). */
export function rotateWebhookSecret(id: number): Promise<WebhookEndpointWithSecret> {
  return api.post<WebhookEndpointWithSecret>(`/api/v1/webhook-endpoints/${id}/rotate-secret`, {})
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  })
}
