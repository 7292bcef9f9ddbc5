import type { QueryClient } from '@tanstack/react-query'
import { SUMMARY_KEY } from './get-summary'
import { TRANSACTIONS_KEY } from './get-transactions'
import { usageQueryOptions } from './get-usage'

/** After any change to the ledger: every month's list and summary, and the month's usage. */
export function invalidateLedger(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: usageQueryOptions().queryKey }),
  ])
}
