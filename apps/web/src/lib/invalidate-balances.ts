import type { QueryClient } from '@tanstack/react-query'
import { ACCOUNTS_KEY } from './get-accounts'
import { TRANSFERS_KEY } from './get-transfers'

/**
 * After anything that moves money between or on accounts (an entry, a transfer, a bill paid,
 * an account changed): the balances, the cards' bills and what is in them, and the transfers.
 */
export function invalidateBalances(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
    queryClient.invalidateQueries({ queryKey: TRANSFERS_KEY }),
  ])
}
