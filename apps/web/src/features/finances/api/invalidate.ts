import type { QueryClient } from '@tanstack/react-query'
import { alertsQueryOptions } from './get-alerts'
import { BUDGETS_KEY } from './get-budgets'
import { subscriptionQueryOptions } from '@/lib/get-subscription'
import { invalidateBalances } from '@/lib/invalidate-balances'
import { SUMMARY_KEY } from './get-summary'
import { TRANSACTIONS_KEY } from './get-transactions'
import { usageQueryOptions } from './get-usage'

/**
 * After any change to the ledger: every month's list and summary, and the month's usage, which
 * the dashboard's plan card shows too (the subscription's monthly_transactions: the same number
 * on the server), the budgets' progress and alerts an entry can change, and the accounts'
 * balances and cards' bills.
 */
export function invalidateLedger(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: usageQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: BUDGETS_KEY }),
    queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
    invalidateBalances(queryClient),
  ])
}
