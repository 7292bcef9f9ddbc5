import { createMailer, type Mailer } from '../platform/mail/mailer.ts'
import { attemptDelivery } from './webhook-delivery.ts'
import type { TaskDeps } from '../app/task-registry.ts'

/** One attempt of one webhook delivery; the next attempt, if any, is queued by attemptDelivery. */
export function webhookDeliverTask(deps: TaskDeps) {
  let mailer: Mailer | null = null
  return async (payload: unknown) => {
    const id = (payload as { delivery_id?: unknown } | null)?.delivery_id
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      deps.log.warn({ payload }, 'webhook_deliver: bad payload, dropped')
      return
    }
    mailer ??= createMailer(deps.env, deps.log)
    await attemptDelivery({ ...deps, mailer }, id)
  }
}
