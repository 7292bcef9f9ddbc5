/**
 * The invitation a person opened before signing in: kept in this browser so the dashboard can
 * bring them back to /convite/<token> after sign-up, e-mail confirmation and sign-in.
 */
const KEY = 'equilibrai.convite'

export function rememberInvitation(token: string): void {
  try {
    localStorage.setItem(KEY, token)
  } catch {
    // Private mode without storage: the e-mail's link still works.
  }
}

export function pendingInvitation(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}
