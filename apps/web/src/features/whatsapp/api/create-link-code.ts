import type { WhatsAppLinkCode } from '@equilibrai/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** POST /api/whatsapp/link-code → a 10-minute code to send as 'vincular <code>'. */
export function createLinkCode(): Promise<WhatsAppLinkCode> {
  return api.post<WhatsAppLinkCode>('/api/whatsapp/link-code')
}

export function useCreateLinkCode() {
  return useMutation({
    mutationFn: createLinkCode,
    meta: { errorMessage: 'Erro ao gerar o código. Tente novamente.' },
  })
}
