import type { CustomCategory } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { categoriesQueryOptions } from './get-categories'
import { invalidateLedger } from './invalidate'

export type CategoryDraft = { name: string; emoji: string; category?: string }

/** POST /api/v1/categories, or PATCH /api/v1/categories/:id (name and emoji). */
export function saveCategory({
  id,
  draft,
}: {
  id?: number
  draft: CategoryDraft
}): Promise<CustomCategory> {
  if (id === undefined) return api.post<CustomCategory>('/api/v1/categories', draft)
  return api.patch<CustomCategory>(`/api/v1/categories/${id}`, {
    name: draft.name,
    emoji: draft.emoji,
  })
}

/** DELETE /api/v1/categories/:id: its entries stay, in the default category. */
export function deleteCategory(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/v1/categories/${id}`)
}

function useInvalidateCategories() {
  const queryClient = useQueryClient()
  // Entries show the category's name: a rename or a delete changes the lists too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
      invalidateLedger(queryClient),
    ])
}

export function useSaveCategory() {
  const invalidate = useInvalidateCategories()
  return useMutation({ mutationFn: saveCategory, onSettled: invalidate })
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories()
  return useMutation({
    mutationFn: deleteCategory,
    meta: { errorMessage: 'Erro ao apagar a categoria. Tente novamente.' },
    onSettled: invalidate,
  })
}
