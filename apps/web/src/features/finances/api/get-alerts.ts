import type { AlertPage } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client'

/** GET /api/v1/alerts: alerts sent, newest first (alertas_orçamento). */
export function getAlerts(signal?: AbortSignal): Promise<AlertPage> {
  return api.get<AlertPage>('/api/v1/alerts', { signal })
}

export function alertsQueryOptions() {
  return queryOptions({
    queryKey: ['finances', 'alerts'],
    queryFn: ({ signal }) => getAlerts(signal),
    staleTime: 30_000,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 3,
  })
}

export function useAlerts() {
  return useQuery(alertsQueryOptions())
}
