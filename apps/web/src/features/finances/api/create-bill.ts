import type { Bill, BillInput } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { billsQueryOptions } from './get-bills'

/** POST /api/v1/bills → 201 with the bill. */
export function createBill(input: BillInput): Promise<Bill> {
  return api.post<Bill>('/api/v1/bills', input)
}

export function useCreateBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBill,
    meta: { errorMessage: 'Erro ao salvar a conta. Tente novamente.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billsQueryOptions().queryKey }),
  })
}
