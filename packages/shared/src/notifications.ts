import { z } from 'zod'
import type { NotificationSettings } from './contracts/notifications.ts'

/**
 * What proactive messages a person wants (ARCHITECTURE §8, GET / PATCH
 * /api/v1/notification-settings). Every kind starts on: people turn them off, not on.
 */
export const NOTIFICATION_KINDS = [
  'bill_reminders',
  'budget_alerts',
  'high_spending_alerts',
  'weekly_report',
  'monthly_report',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  bill_reminders: true,
  budget_alerts: true,
  high_spending_alerts: true,
  weekly_report: true,
  monthly_report: true,
}

const flag = z.boolean({ error: 'Use verdadeiro ou falso' })

/** PATCH body: any subset of the kinds, at least one, nothing else. */
export const notificationSettingsPatchSchema = z
  .strictObject(
    {
      bill_reminders: flag.optional(),
      budget_alerts: flag.optional(),
      high_spending_alerts: flag.optional(),
      weekly_report: flag.optional(),
      monthly_report: flag.optional(),
    },
    { error: 'Configuração de notificação inválida' },
  )
  .refine((v) => Object.keys(v).length > 0, 'Informe ao menos uma configuração')
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>

/** pt-BR names of each kind, for the dashboard card and WhatsApp replies. */
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  bill_reminders: 'Lembretes de contas',
  budget_alerts: 'Alertas de orçamento',
  high_spending_alerts: 'Alertas de gasto alto',
  weekly_report: 'Relatório semanal',
  monthly_report: 'Relatório mensal',
}
