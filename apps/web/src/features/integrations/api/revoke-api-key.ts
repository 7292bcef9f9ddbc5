import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { apiKeysQueryKey } from './get-api-keys'

/** DELETE /api/api-keys/:id → 204: the key stops working at once. */
export function revokeApiKey(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/api-keys/${id}`)
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  })
}
