import type { NotificationSettings } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/notification-settings: which proactive messages the person wants. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/api/v1/notification-settings', { signal })
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['notification-settings'],
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: 60_000,
  })
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions())
}
