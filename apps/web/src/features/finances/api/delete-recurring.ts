import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { recurringQueryOptions } from './get-recurring'

/** DELETE /api/v1/recurring/:id → 204: cancelled; entries already made stay. */
export function deleteRecurring(id: number): Promise<void> {
  return api.delete<void>(`/api/v1/recurring/${id}`)
}

export function useDeleteRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRecurring,
    meta: { errorMessage: 'Erro ao cancelar o lançamento recorrente. Tente novamente.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recurringQueryOptions().queryKey }),
  })
}
