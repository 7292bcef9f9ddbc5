import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

const COLUMNS = NOTIFICATION_KINDS.join(', ')

/** The person's settings; every kind on when they never changed one. */
export async function getNotificationSettings(
  db: Queryable,
  { userId }: { userId: string },
): Promise<NotificationSettings> {
  const { rows } = await db.query<NotificationSettings>(
    `select ${COLUMNS} from notification_settings where user_id = $1`,
    [userId],
  )
  return rows[0] ?? { ...DEFAULT_NOTIFICATION_SETTINGS }
}

/** Applies a partial change and returns the whole settings. */
export async function updateNotificationSettings(
  db: Queryable,
  { userId, patch }: { userId: string; patch: NotificationSettingsPatch },
): Promise<NotificationSettings> {
  const current = await getNotificationSettings(db, { userId })
  const next: NotificationSettings = { ...current }
  for (const kind of NOTIFICATION_KINDS) {
    const value = patch[kind]
    if (value !== undefined) next[kind] = value
  }
  const values = NOTIFICATION_KINDS.map((kind) => next[kind])
  const { rows } = await db.query<NotificationSettings>(
    `insert into notification_settings (user_id, ${COLUMNS})
     values ($1, ${NOTIFICATION_KINDS.map((_, i) => `$${i + 2}`).join(', ')})
     on conflict (user_id) do update set
       ${NOTIFICATION_KINDS.map((k) => `${k} = excluded.${k}`).join(', ')}, updated_at = now()
     returning ${COLUMNS}`,
    [userId, ...values],
  )
  const saved = rows[0]
  if (!saved) throw new Error('notification settings were not saved')
  return saved
}

/** Sets every kind in `kinds` to `on` ('parar alertas' / 'voltar alertas' on WhatsApp). */
export async function setNotificationKinds(
  db: Queryable,
  { userId, kinds, on }: { userId: string; kinds: readonly NotificationKind[]; on: boolean },
): Promise<NotificationSettings> {
  const patch: NotificationSettingsPatch = {}
  for (const kind of kinds) patch[kind] = on
  return updateNotificationSettings(db, { userId, patch })
}

/**
 * SQL for batch jobs: whether the person in `userColumn` wants `kind`, for a query that does
 * `left join notification_settings ns on ns.user_id = <userColumn>`.
 */
export function wantsSql(kind: NotificationKind, alias = 'ns'): string {
  return `coalesce(${alias}.${kind}, true)`
}
