import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import {
  notificationSettingsExample as example,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { parseBody, apiDoc } from '../platform/index.ts'
import {
  getNotificationSettings,
  updateNotificationSettings,
} from './notification-settings.queries.ts'

const docs = {
  get: apiDoc({
    tag: 'Notificações',
    summary: 'Quais avisos a pessoa recebe',
    response: { schema: notificationSettingsSchema, example },
  }),
  patch: apiDoc({
    tag: 'Notificações',
    summary: 'Liga ou desliga avisos',
    body: notificationSettingsPatchSchema,
    bodyExample: { high_spending_alerts: false },
    response: { schema: notificationSettingsSchema, example },
  }),
}

/**
 * GET / PATCH /api/v1/notification-settings (ARCHITECTURE §8): the caller's own choices of
 * proactive messages. Settings are per person, not per ledger: a team member turns off their
 * own reminders without touching the owner's.
 */
export function notificationSettingsRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>()
    .get('/v1/notification-settings', requireLedgerCaller(deps), docs.get, async (c) =>
      c.json(await getNotificationSettings(db, { userId: c.get('user').id })),
    )
    .patch('/v1/notification-settings', requireLedgerCaller(deps), docs.patch, async (c) => {
      const patch = await parseBody(c, notificationSettingsPatchSchema)
      return c.json(await updateNotificationSettings(db, { userId: c.get('user').id, patch }))
    })
}
