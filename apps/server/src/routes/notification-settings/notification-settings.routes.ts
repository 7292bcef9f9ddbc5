import { notificationSettingsPatchSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import type { AppDeps } from '../../http/app-types.ts'
import { parseBody } from '../../http/parse.ts'
import {
  getNotificationSettings,
  updateNotificationSettings,
} from '../../notifications/notification-settings.queries.ts'
import { type LedgerBindings, requireLedgerCaller } from '../../http/ledger-caller.ts'

/**
 * GET / PATCH /api/v1/notification-settings (ARCHITECTURE §8): the caller's own choices of
 * proactive messages. Settings are per person, not per ledger: a team member turns off their
 * own reminders without touching the owner's.
 */
export function notificationSettingsRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>()
    .get('/v1/notification-settings', requireLedgerCaller(deps), async (c) =>
      c.json(await getNotificationSettings(db, { userId: c.get('user').id })),
    )
    .patch('/v1/notification-settings', requireLedgerCaller(deps), async (c) => {
      const patch = await parseBody(c, notificationSettingsPatchSchema)
      return c.json(await updateNotificationSettings(db, { userId: c.get('user').id, patch }))
    })
}
