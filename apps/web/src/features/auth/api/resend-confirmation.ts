import { api } from '@/lib/api-client'
import { authPath } from '../utils/auth-paths'

/** POST /api/auth/send-verification-email: the confirmation link again, back to /auth. */
export async function resendConfirmation(email: string, plan: string | null): Promise<void> {
  await api.post('/api/auth/send-verification-email', {
    email,
    callbackURL: authPath({ confirmado: '1', plan }),
  })
}
