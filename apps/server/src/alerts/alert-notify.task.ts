import { z } from 'zod'
import { deliverAlert } from './alerts.ts'
import type { TaskDeps } from '../app/task-registry.ts'

const payloadSchema = z.object({ id: z.number().int().positive() })

/** Sends one alert (alerts/alerts.ts), respecting the recipient's notification settings. */
export function alertNotifyTask({ db, env, log }: TaskDeps) {
  return async (payload: unknown) => {
    const parsed = payloadSchema.safeParse(payload)
    if (!parsed.success) {
      log.warn({ payload }, 'alert_notify: bad payload, dropped')
      return
    }
    const outcome = await deliverAlert(db, env, parsed.data.id)
    if (outcome !== 'sent') log.debug({ id: parsed.data.id, outcome }, 'alert not sent')
  }
}
