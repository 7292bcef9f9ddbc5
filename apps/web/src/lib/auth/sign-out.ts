import { api } from '@/lib/api-client'

/** POST /api/auth/sign-out: the server ends the session and clears the cookie. */
export async function signOut(): Promise<void> {
  await api.post('/api/auth/sign-out', {})
}
