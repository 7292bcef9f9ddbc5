import type { Bill, BillPatch } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { billsQueryOptions } from './get-bills'
import { invalidateLedger } from './invalidate'

/**
 * PATCH /api/v1/bills/:id. With `record_entry` and a paid_on, marking it paid also records the
 * expense (and a monthly bill gets next month's).
 */
export function updateBill({
  id,
  patch,
}: {
  id: number
  patch: BillPatch & { record_entry?: boolean }
}): Promise<Bill> {
  return api.patch<Bill>(`/api/v1/bills/${id}`, patch)
}

export function useUpdateBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateBill,
    meta: { errorMessage: 'Erro ao salvar a conta. Tente novamente.' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billsQueryOptions().queryKey }),
        invalidateLedger(queryClient),
      ]),
  })
}
