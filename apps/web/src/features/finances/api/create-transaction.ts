import type { Transaction, TransactionInput } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateLedger } from './invalidate'

/** POST /api/v1/transactions → 201 with the entry; 403 MONTHLY_LIMIT_REACHED on a full plan. */
export function createTransaction(input: TransactionInput): Promise<Transaction> {
  return api.post<Transaction>('/api/v1/transactions', input)
}

export function useCreateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTransaction,
    onSettled: () => invalidateLedger(queryClient),
  })
}
