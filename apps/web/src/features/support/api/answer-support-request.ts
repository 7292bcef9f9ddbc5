import type { SupportRequest } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** PATCH /api/admin/support/requests/:id {answer}: e-mailed to the person, shown on their dashboard. */
export function answerSupportRequest({ id, answer }: { id: number; answer: string }) {
  return api.patch<SupportRequest>(`/api/admin/support/requests/${id}`, { answer })
}

export function useAnswerSupportRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: answerSupportRequest,
    meta: { errorMessage: 'Não foi possível enviar a resposta' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'support'] }),
  })
}
