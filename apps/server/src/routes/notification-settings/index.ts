export { notificationSettingsRoutes } from './notification-settings.routes.ts'
