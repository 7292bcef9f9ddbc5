import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Account } from '@equilibrai/shared'

/**
 * GET /api/v1/accounts: the ledger's accounts with their balances, archived ones included
 * (flagged). Here in lib/ because /contas, /financas (the entry form, the filter, the list) and
 * the dashboard all read it, and features do not import each other.
 */
export function getAccounts(signal?: AbortSignal): Promise<{ data: Account[] }> {
  return api.get<{ data: Account[] }>('/api/v1/accounts', { signal })
}

/** Every query under 'accounts' (the list, a card's bills and their entries) holds balances. */
export const ACCOUNTS_KEY = ['accounts'] as const

export function accountsQueryOptions() {
  return queryOptions({
    queryKey: [...ACCOUNTS_KEY, 'list'],
    queryFn: ({ signal }) => getAccounts(signal),
    select: (answer) => answer.data,
    staleTime: 30_000,
  })
}

export function useAccounts() {
  return useQuery(accountsQueryOptions())
}

/** `Nubank ••1234` for a card with its last digits, else the name. */
export function accountLabel(account: Pick<Account, 'name' | 'last_digits'>): string {
  return account.last_digits ? `${account.name} ••${account.last_digits}` : account.name
}

/** The sum of every account's balance (cards count negative): what the person has, net. */
export function netPosition(accounts: Account[]): number {
  return accounts.reduce((sum, a) => sum + a.balance_cents, 0)
}
