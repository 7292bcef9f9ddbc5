import { api } from '@/lib/api-client'
import type { SocialProvider } from '../types'
import { authPath } from '../utils/auth-paths'

/**
 * POST /api/auth/sign-in/social → the provider's authorization URL. Afterwards the provider
 * sends the person back to the site root (spec §2), which forwards a signed-in user to
 * /dashboard; on failure, back to /auth with `erro=<provider>` for the spec's toast.
 */
export async function startSocialSignIn(
  provider: SocialProvider,
  plan: string | null,
): Promise<string> {
  const { url } = await api.post<{ url: string }>('/api/auth/sign-in/social', {
    provider,
    callbackURL: plan ? `/?plan=${encodeURIComponent(plan)}` : '/',
    errorCallbackURL: authPath({ erro: provider, plan }),
  })
  return url
}
