import type {
  ConnectMode,
  Connection,
  ConnectToken,
  Connector,
  CreateConnectionInput,
} from '@equilibrai/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateBalances } from '@/lib/invalidate-balances'

/*
 * /api/v1/connections (ARCHITECTURE §11): the ledger's bank connections through the aggregator.
 * Listing is for every plan; connecting and syncing answer 403 FEATURE_NOT_IN_PLAN on the free one.
 */

export const CONNECTIONS_KEY = ['connections'] as const

/** Asks every two seconds while a connection is syncing, so "Em dia" shows up on its own. */
export function useConnections() {
  return useQuery({
    queryKey: [...CONNECTIONS_KEY, 'list'],
    queryFn: ({ signal }) => api.get<{ data: Connection[] }>('/api/v1/connections', { signal }),
    select: (answer) => answer.data,
    refetchInterval: (query) =>
      query.state.data?.data.some((c) => c.status === 'syncing') ? 2_000 : false,
  })
}

const connectorsQuery = (enabled: boolean) => ({
  queryKey: [...CONNECTIONS_KEY, 'connectors'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<{ data: Connector[]; mode: ConnectMode }>('/api/v1/connections/connectors', {
      signal,
    }),
  enabled,
  staleTime: 5 * 60_000,
})

export function useConnectors(enabled: boolean) {
  return useQuery({ ...connectorsQuery(enabled), select: (answer) => answer.data })
}

/** 'widget': the aggregator's connect widget takes the bank's password (production). */
export function useConnectMode(enabled: boolean) {
  return useQuery({ ...connectorsQuery(enabled), select: (answer) => answer.mode })
}

/** A token for the widget; with a connection id, the widget updates that connection's item. */
export function useConnectToken() {
  return useMutation({
    mutationFn: (connectionId: number | null) =>
      api.post<ConnectToken>(
        '/api/v1/connections/connect-token',
        connectionId === null ? undefined : { connection_id: connectionId },
      ),
  })
}

/** A sync adds accounts and entries: the balances are read again with the list. */
function useConnectionMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY }),
        invalidateBalances(queryClient),
      ]),
  })
}

export function useConnect() {
  return useConnectionMutation((input: CreateConnectionInput) =>
    api.post<Connection>('/api/v1/connections', input),
  )
}

export function useSendCode() {
  return useConnectionMutation(({ id, code }: { id: number; code: string }) =>
    api.post<Connection>(`/api/v1/connections/${id}/mfa`, { code }),
  )
}

export function useSyncNow() {
  return useConnectionMutation((id: number) =>
    api.post<Connection>(`/api/v1/connections/${id}/sync`),
  )
}

export function useReconnect() {
  return useConnectionMutation(
    ({ id, credentials }: { id: number; credentials?: Record<string, string> }) =>
      api.post<Connection>(
        `/api/v1/connections/${id}/reconnect`,
        credentials ? { credentials } : undefined,
      ),
  )
}

export function useDisconnect() {
  return useConnectionMutation(({ id, deleteData }: { id: number; deleteData: boolean }) =>
    api.delete(`/api/v1/connections/${id}?delete_data=${deleteData}`),
  )
}
