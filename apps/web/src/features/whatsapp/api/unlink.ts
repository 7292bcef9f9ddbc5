import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { whatsAppLinkQueryOptions } from './get-link'

/** DELETE /api/whatsapp/link: the number stops being tied to the account. */
export function unlinkWhatsApp(): Promise<unknown> {
  return api.delete<unknown>('/api/whatsapp/link')
}

export function useUnlinkWhatsApp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unlinkWhatsApp,
    meta: { errorMessage: 'Erro ao desvincular o WhatsApp. Tente novamente.' },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: whatsAppLinkQueryOptions().queryKey }),
  })
}
