/** The auth feature's public face, for app/ (guards): where a signed-in person goes. */
export { dashboardPath } from './utils/auth-paths'
