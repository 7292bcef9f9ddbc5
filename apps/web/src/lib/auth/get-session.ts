import { api } from '@/lib/api-client'
import type { SessionData } from './types'

/**
 * GET /api/auth/get-session: the current session or null. Better Auth also slides the session
 * here (a new cookie when it is older than a day), which is how the client "refreshes" it.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionData | null> {
  const data = await api.get<SessionData | null>('/api/auth/get-session', {
    signal,
    cache: 'no-store',
  })
  return data?.user ? data : null
}
