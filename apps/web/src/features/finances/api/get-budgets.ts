import type { BudgetList } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client'

export const BUDGETS_KEY = ['finances', 'budgets'] as const

/** GET /api/v1/budgets?month=: each budget's limit and what the month spent (alertas_orçamento). */
export function getBudgets(month: string, signal?: AbortSignal): Promise<BudgetList> {
  return api.get<BudgetList>(`/api/v1/budgets?month=${encodeURIComponent(month)}`, { signal })
}

export function budgetsQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...BUDGETS_KEY, month],
    queryFn: ({ signal }) => getBudgets(month, signal),
    staleTime: 30_000,
    // A plan without the feature answers 403: asking again will not change that.
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 3,
  })
}

export function useBudgets(month: string) {
  return useQuery(budgetsQueryOptions(month))
}

/** The 403 FEATURE_NOT_IN_PLAN answer, to show the upgrade path instead of an error. */
export function notInPlan(error: unknown): ApiError | null {
  return error instanceof ApiError && error.code === 'FEATURE_NOT_IN_PLAN' ? error : null
}
