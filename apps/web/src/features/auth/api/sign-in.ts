import type { LoginInput } from '@equilibrai/shared'
import { api } from '@/lib/api-client'

/** POST /api/auth/sign-in/email: the session cookie comes back; the body is not needed. */
export async function signInWithEmail(input: LoginInput): Promise<void> {
  await api.post('/api/auth/sign-in/email', { email: input.email, password: input.password })
}
