import type { CategoryList, CustomCategory } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/categories: the default categories and the ledger's own (ADR 026). */
export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return api.get<CategoryList>('/api/v1/categories', { signal })
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['finances', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 60_000,
  })
}

/** The ledger's own categories (empty while loading). */
export function useCustomCategories(): CustomCategory[] {
  return useQuery(categoriesQueryOptions()).data?.custom ?? []
}
