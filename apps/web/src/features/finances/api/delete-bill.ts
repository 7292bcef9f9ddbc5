import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { billsQueryOptions } from './get-bills'

/** DELETE /api/v1/bills/:id → 204. */
export function deleteBill(id: number): Promise<void> {
  return api.delete<void>(`/api/v1/bills/${id}`)
}

export function useDeleteBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBill,
    meta: { errorMessage: 'Erro ao excluir a conta. Tente novamente.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billsQueryOptions().queryKey }),
  })
}
