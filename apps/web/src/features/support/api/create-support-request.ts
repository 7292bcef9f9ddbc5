import type { SupportRequest, SupportRequestInput } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { supportRequestsQueryOptions } from './get-support-requests'

/** POST /api/support/requests {subject, message} → 201. */
export function createSupportRequest(input: SupportRequestInput): Promise<SupportRequest> {
  return api.post<SupportRequest>('/api/support/requests', input)
}

export function useCreateSupportRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSupportRequest,
    meta: { errorMessage: 'Não foi possível enviar sua solicitação' },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: supportRequestsQueryOptions().queryKey }),
  })
}
