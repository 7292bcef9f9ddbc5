import type { WebhookEndpointCreate, WebhookEndpointWithSecret } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { webhookEndpointsQueryKey } from './get-webhook-endpoints'

/** POST /api/v1/webhook-endpoints → 201 with the signing secret (shown only now). */
export function createWebhookEndpoint(
  input: WebhookEndpointCreate,
): Promise<WebhookEndpointWithSecret> {
  return api.post<WebhookEndpointWithSecret>('/api/v1/webhook-endpoints', input)
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  })
}
