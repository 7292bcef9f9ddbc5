import type { SimulatorMessageInput } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { conversationQueryOptions } from './get-conversation'

/** POST /api/simulator/messages → 202: the message is in the inbox; the reply comes later. */
export function sendSimulatorMessage(input: SimulatorMessageInput): Promise<{ id: string }> {
  return api.post<{ id: string }>('/api/simulator/messages', input)
}

export function useSendSimulatorMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendSimulatorMessage,
    meta: { errorMessage: 'Erro ao enviar a mensagem. Tente novamente.' },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: conversationQueryOptions().queryKey }),
  })
}
