import { pendingInvitation } from '@/lib/pending-invitation'

/** A plan type as the landing page puts it in `?plan=`; anything else is ignored. */
export function planFrom(search: string): string | null {
  const plan = new URLSearchParams(search).get('plan')
  return plan && /^[a-z0-9_]{1,40}$/.test(plan) ? plan : null
}

/**
 * Where a signed-in person goes: the invitation they opened before signing in (issue 26: the
 * accept step, not a dashboard link to find), else the dashboard, carrying the plan they picked
 * (its checkout).
 */
export function dashboardPath(search: string, invitation = pendingInvitation()): string {
  if (invitation && /^[\w-]{8,200}$/.test(invitation)) return `/convite/${invitation}`
  const plan = planFrom(search)
  return plan ? `/dashboard?plan=${plan}` : '/dashboard'
}

/** /auth with the given query parameters (empty ones left out). */
export function authPath(params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value)
  const text = query.toString()
  return text ? `/auth?${text}` : '/auth'
}
