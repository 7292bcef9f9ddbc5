export { privacyRoutes } from './privacy.routes.ts'
