/**
 * The session, for the whole app: app/ (providers, guards), the auth pages (after sign-in, after
 * a password reset) and every page with a 'Sair' button or the signed-in person's name. Here in
 * lib/ because features do not import each other; the auth feature keeps its pages and forms.
 */
export { AuthProvider } from './auth-provider'
export { useAuth } from './use-auth'
export { SIGN_OUT_MESSAGE, useSignOut } from './use-sign-out'
export { isAdminQueryOptions, useIsAdmin } from './get-admin-role'
export { getSession } from './get-session'
export type { SessionInfo, SessionUser } from './types'
