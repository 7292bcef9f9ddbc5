import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { accountsQueryOptions } from '@/lib/get-accounts'
import { subscriptionQueryOptions } from '@/lib/get-subscription'
import { invalidateLedger } from './invalidate'
import { usageQueryOptions } from './get-usage'

describe('invalidateLedger', () => {
  it('marks the month’s usage, the plan card’s count and the balances stale with the ledger', async () => {
    const client = new QueryClient()
    const subscription = subscriptionQueryOptions().queryKey
    const usage = usageQueryOptions().queryKey
    const accounts = accountsQueryOptions().queryKey
    client.setQueryData(accounts, { data: [] })
    const other = ['profile']
    client.setQueryData(subscription, { monthly_transactions: 1 } as never)
    client.setQueryData(usage, { used: 1 } as never)
    client.setQueryData(other, {})
    await invalidateLedger(client)
    expect(client.getQueryState(subscription)?.isInvalidated).toBe(true)
    expect(client.getQueryState(usage)?.isInvalidated).toBe(true)
    expect(client.getQueryState(accounts)?.isInvalidated).toBe(true)
    expect(client.getQueryState(other)?.isInvalidated).toBe(false)
  })
})
