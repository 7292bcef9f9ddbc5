import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { conversationQueryOptions } from './get-conversation'

/** DELETE /api/simulator/messages: clears the conversation (the ledger keeps its entries). */
export function clearConversation(): Promise<unknown> {
  return api.delete<unknown>('/api/simulator/messages')
}

export function useClearConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: clearConversation,
    meta: { errorMessage: 'Erro ao limpar a conversa. Tente novamente.' },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: conversationQueryOptions().queryKey }),
  })
}
