import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateLedger } from './invalidate'

/** DELETE /api/v1/transactions/:id → 204. */
export function deleteTransaction(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/v1/transactions/${id}`)
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTransaction,
    meta: { errorMessage: 'Erro ao excluir o lançamento. Tente novamente.' },
    onSettled: () => invalidateLedger(queryClient),
  })
}
