import type { NotificationSettings, NotificationSettingsPatch } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { notificationSettingsQueryOptions } from './get-notification-settings'

/** PATCH /api/v1/notification-settings with the kinds changed; answers the whole settings. */
export function updateNotificationSettings(
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  return api.patch<NotificationSettings>('/api/v1/notification-settings', patch)
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  const { queryKey } = notificationSettingsQueryOptions()
  return useMutation({
    mutationFn: updateNotificationSettings,
    meta: { errorMessage: 'Erro ao salvar as notificações. Tente novamente.' },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  })
}
