import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationKind } from '@equilibrai/shared'
import { BellIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useNotificationSettings } from '../api/get-notification-settings'
import { useUpdateNotificationSettings } from '../api/update-notification-settings'

const HINTS: Record<NotificationKind, string> = {
  bill_reminders: 'Na véspera e no dia do vencimento, às 9h.',
  budget_alerts: 'Quando uma categoria passa de 80% e de 100% do orçamento.',
  high_spending_alerts: 'Quando um gasto fica muito acima do seu normal.',
  weekly_report: 'Toda segunda-feira, a semana que passou.',
  monthly_report: 'No dia 1º, o mês que passou.',
}

/** 'Notificações': what the assistant may send on WhatsApp by itself (every kind starts on). */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings()
  const update = useUpdateNotificationSettings()

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <BellIcon aria-hidden="true" className="size-5" />
          Notificações no WhatsApp
        </CardTitle>
        <CardDescription>Pelo WhatsApp também: “parar alertas” e “voltar alertas”.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : settings.isError ? (
          <p className="text-muted-foreground text-sm">
            Não foi possível carregar as notificações.
          </p>
        ) : (
          <ul className="divide-y" data-testid="notification-settings">
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind} className="flex items-center justify-between gap-4 py-3">
                <label htmlFor={`notify-${kind}`} className="cursor-pointer space-y-0.5">
                  <span className="block font-medium text-sm">{NOTIFICATION_LABELS[kind]}</span>
                  <span className="block text-muted-foreground text-xs">{HINTS[kind]}</span>
                </label>
                <input
                  id={`notify-${kind}`}
                  type="checkbox"
                  className="size-5 cursor-pointer accent-primary"
                  checked={settings.data[kind]}
                  disabled={update.isPending}
                  onChange={(e) => update.mutate({ [kind]: e.target.checked })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
