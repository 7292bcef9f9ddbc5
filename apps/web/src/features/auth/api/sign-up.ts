import { api } from '@/lib/api-client'
import { authPath } from '../utils/auth-paths'

export type SignUpPayload = { name: string; email: string; password: string; phone: string | null }

/**
 * POST /api/auth/sign-up/email. The confirmation link brings the person back to /auth (with the
 * plan they picked, if any), where they sign in: no session is created before confirmation.
 */
export async function signUpWithEmail(payload: SignUpPayload, plan: string | null): Promise<void> {
  const { phone, ...rest } = payload
  await api.post('/api/auth/sign-up/email', {
    ...rest,
    // No phone → none sent; the server stores null (spec §3: phone or null).
    ...(phone ? { phone } : {}),
    callbackURL: authPath({ confirmado: '1', plan }),
  })
}
