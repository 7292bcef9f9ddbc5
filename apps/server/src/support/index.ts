export { openSupportRequest, setAccountManager } from './support.queries.ts'
export { supportRoutes } from './support.routes.ts'
