import type { Category } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { BUDGETS_KEY } from './get-budgets'

/** DELETE /api/v1/budgets/:category → 204: no budget from this month on. */
export function deleteBudget(category: Category): Promise<void> {
  return api.delete<void>(`/api/v1/budgets/${category}`)
}

export function useDeleteBudget() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBudget,
    meta: { errorMessage: 'Erro ao remover o orçamento. Tente novamente.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETS_KEY }),
  })
}
