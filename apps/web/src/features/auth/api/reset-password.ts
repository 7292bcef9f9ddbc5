import { api } from '@/lib/api-client'

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export async function resetPassword({
  token,
  newPassword,
}: {
  token: string
  newPassword: string
}): Promise<void> {
  await api.post('/api/auth/reset-password', { token, newPassword })
}
