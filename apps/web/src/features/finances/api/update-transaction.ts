import type { Transaction, TransactionPatch } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateLedger } from './invalidate'

/** PATCH /api/v1/transactions/:id with the changed fields. */
export function updateTransaction({
  id,
  patch,
}: {
  id: number
  patch: TransactionPatch
}): Promise<Transaction> {
  return api.patch<Transaction>(`/api/v1/transactions/${id}`, patch)
}

export function useUpdateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTransaction,
    meta: { errorMessage: 'Erro ao salvar o lançamento. Tente novamente.' },
    onSettled: () => invalidateLedger(queryClient),
  })
}
