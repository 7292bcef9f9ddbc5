import type { Recurring, RecurringInput } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { recurringQueryOptions } from './get-recurring'

/** POST /api/v1/recurring → 201. */
export function createRecurring(input: RecurringInput): Promise<Recurring> {
  return api.post<Recurring>('/api/v1/recurring', input)
}

export function useCreateRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRecurring,
    meta: { errorMessage: 'Erro ao salvar o lançamento recorrente. Tente novamente.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recurringQueryOptions().queryKey }),
  })
}
