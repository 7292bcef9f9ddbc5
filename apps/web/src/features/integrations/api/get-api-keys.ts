import type { ApiKeyList } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/api-keys: the live keys (prefix only). */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return api.get<ApiKeyList>('/api/api-keys', { signal })
}

export const apiKeysQueryKey = ['integrations', 'api-keys'] as const

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) })
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions())
}
