import type { BudgetRow, Category } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { BUDGETS_KEY } from './get-budgets'

/** PUT /api/v1/budgets/:category {limit_cents}: from this month on. */
export function putBudget({
  category,
  limit_cents,
}: {
  category: Category
  limit_cents: number
}): Promise<BudgetRow> {
  return api.put<BudgetRow>(`/api/v1/budgets/${category}`, { limit_cents })
}

export function usePutBudget() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: putBudget,
    meta: { errorMessage: 'Erro ao salvar o orçamento. Tente novamente.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETS_KEY }),
  })
}
