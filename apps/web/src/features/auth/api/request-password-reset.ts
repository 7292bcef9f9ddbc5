import { api } from '@/lib/api-client'

/**
 * POST /api/auth/request-password-reset. The answer is the same whether the e-mail has an
 * account or not; the e-mailed link leads to /reset-password.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/api/auth/request-password-reset', {
    email,
    redirectTo: `${window.location.origin}/reset-password`,
  })
}
