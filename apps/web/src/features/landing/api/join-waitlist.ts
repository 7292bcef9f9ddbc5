import type { WaitlistInput } from '@equilibrai/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const WAITLIST_SUCCESS_MESSAGE =
  'Bem-vindo à Lista VIP! Você será um dos primeiros a ter acesso ao Equilibraí.'
export const WAITLIST_ERROR_MESSAGE = 'Erro ao salvar seus dados. Por favor, tente novamente.'

/** The row the spec stores (§3 'usuarios'): note the spec's spelling of `whatssapp`. */
export type WaitlistPayload = Required<Pick<WaitlistInput, 'nome' | 'whatssapp'>> & {
  email: string | null
}

/** POST /api/waitlist → 201. */
export function joinWaitlist(payload: WaitlistPayload): Promise<unknown> {
  return api.post<unknown>('/api/waitlist', payload)
}

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: joinWaitlist,
    meta: { errorMessage: WAITLIST_ERROR_MESSAGE },
    onError: (error) => console.error('Falha ao salvar na Lista VIP:', error),
  })
}
