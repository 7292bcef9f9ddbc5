export { adminRoutes } from './admin.routes.ts'
export { waitlistRoutes } from './waitlist.routes.ts'
