import type { BillingRedirect } from '@equilibrai/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const PORTAL_ERROR_MESSAGE = 'Erro ao acessar portal de assinaturas'

/** POST /api/billing/portal-session → {url}: the subscription portal (or the simulated one). */
export function createPortalSession(): Promise<BillingRedirect> {
  return api.post<BillingRedirect>('/api/billing/portal-session')
}

export function useCreatePortalSession() {
  return useMutation({
    mutationFn: createPortalSession,
    meta: { errorMessage: PORTAL_ERROR_MESSAGE },
  })
}
