import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Invoice } from '@equilibrai/shared'
import { ACCOUNTS_KEY } from '@/lib/get-accounts'

/** GET /api/v1/accounts/:id/invoices: a card's bills, newest first (future ones too). */
export function getInvoices(accountId: number, signal?: AbortSignal) {
  return api.get<{ data: Invoice[] }>(`/api/v1/accounts/${accountId}/invoices`, { signal })
}

export function invoicesQueryOptions(accountId: number) {
  return queryOptions({
    // Under ACCOUNTS_KEY: whatever changes a balance changes the bills too.
    queryKey: [...ACCOUNTS_KEY, 'invoices', accountId],
    queryFn: ({ signal }) => getInvoices(accountId, signal),
    select: (answer) => answer.data,
    staleTime: 30_000,
  })
}

export function useInvoices(accountId: number) {
  return useQuery(invoicesQueryOptions(accountId))
}
