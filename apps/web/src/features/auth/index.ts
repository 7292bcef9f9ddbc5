/** The auth feature's public face, for app/ (providers, guards) and pages with a 'Sair' button. */
export { AuthProvider } from './components/auth-provider'
export { useAuth } from './hooks/use-auth'
export { SIGN_OUT_MESSAGE, useSignOut } from './hooks/use-sign-out'
export { isAdminQueryOptions, useIsAdmin } from './api/get-admin-role'
export { getSession } from './api/get-session'
export { dashboardPath } from './utils/auth-paths'
export type { SessionInfo, SessionUser } from './types'
