import type { TransactionTotals } from '@equilibrai/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { apiFilterParams, type FinanceFilters } from '../utils/filters'
import { TRANSACTIONS_KEY } from './get-transactions'

/**
 * GET /api/v1/transactions/totals: income, spending and balance of exactly the entries the
 * list shows (the same filters), so the page's figures follow its filters (issue 26).
 */
export function getTransactionTotals(
  month: string,
  filters: FinanceFilters,
  signal?: AbortSignal,
): Promise<TransactionTotals> {
  return api.get<TransactionTotals>(
    `/api/v1/transactions/totals?${apiFilterParams(month, filters)}`,
    { signal },
  )
}

export function transactionTotalsQueryOptions(month: string, filters: FinanceFilters) {
  return queryOptions({
    // Under the list's key: every change to the ledger invalidates both together.
    queryKey: [...TRANSACTIONS_KEY, 'totals', apiFilterParams(month, filters).toString()],
    queryFn: ({ signal }) => getTransactionTotals(month, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useTransactionTotals(month: string, filters: FinanceFilters) {
  return useQuery(transactionTotalsQueryOptions(month, filters))
}
