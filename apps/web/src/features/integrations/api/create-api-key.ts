import type { ApiKeyCreate, CreatedApiKey } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { apiKeysQueryKey } from './get-api-keys'

/** POST /api/api-keys → 201 {id, name, prefix, key}: the key is shown only now. */
export function createApiKey(input: ApiKeyCreate): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/api-keys', input)
}

export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  })
}
