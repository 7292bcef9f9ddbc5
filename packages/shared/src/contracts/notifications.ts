import { z } from 'zod'
import { NOTIFICATION_KINDS, type NotificationKind } from '../notifications.ts'

/** GET / PATCH /api/v1/notification-settings: every kind, on or off. */
export const notificationSettingsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      NotificationKind,
      z.ZodBoolean
    >,
  )
  .meta({ id: 'NotificationSettings' })
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

export const notificationSettingsExample: NotificationSettings = {
  bill_reminders: true,
  budget_alerts: true,
  high_spending_alerts: false,
  weekly_report: true,
  monthly_report: true,
}
