import type { JobHelpers } from 'graphile-worker'
import type { TaskDeps } from './task-registry.ts'
import { processInbound } from '../assistant/processor.ts'
import { applyRetention, recoverUnfinished } from '../messaging/recovery.ts'
import { applyStatus } from '../messaging/outbox.queries.ts'
import { deliverOutbound, type SendPolicy } from '../messaging/sender.ts'
import type { StatusUpdate } from '../messaging/webhook-payload.ts'

/*
 * The channel's jobs. Thin: read the payload, call the function. Their retry policies are set
 * in jobs/task-registry.ts.
 */

function idOf(task: string, payload: unknown): number {
  const id = (payload as { id?: unknown } | null)?.id
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new Error(`${task}: id ausente`)
  return id
}

/** whatsapp_inbound {id}: one received message → the assistant → its reply queued. */
export function whatsappInboundTask({ db, env, log }: TaskDeps) {
  const deps = { db, env, log: log.child({ channel: 'whatsapp' }) }
  return async (payload: unknown) => processInbound(deps, idOf('whatsapp_inbound', payload))
}

/** whatsapp_send {id}: one queued message → Meta (or the simulator), retried per `policy`. */
export function whatsappSendTask({ db, env, log }: TaskDeps, policy: SendPolicy) {
  const deps = { db, env, log: log.child({ channel: 'whatsapp' }), policy }
  return async (payload: unknown) => deliverOutbound(deps, idOf('whatsapp_send', payload))
}

/**
 * whatsapp_status {wamid, status, ...}: a status callback that arrived before the send that it
 * reports was committed. Tried a few times, then dropped (it may be for a message sent
 * elsewhere, e.g. from the WhatsApp Manager).
 */
export function whatsappStatusTask({ db }: TaskDeps) {
  return async (payload: unknown, helpers: JobHelpers) => {
    const p = payload as Partial<Record<keyof StatusUpdate, unknown>>
    if (typeof p.wamid !== 'string' || typeof p.status !== 'string') return
    const applied = await applyStatus(db, {
      wamid: p.wamid,
      status: p.status,
      at: new Date(typeof p.at === 'string' ? p.at : Date.now()),
      errorCode: typeof p.errorCode === 'number' ? p.errorCode : null,
      error: typeof p.error === 'string' ? p.error : null,
      callbackData: typeof p.callbackData === 'string' ? p.callbackData : null,
    })
    if (!applied && helpers.job.attempts < helpers.job.max_attempts) {
      throw new Error('whatsapp_status: mensagem ainda não encontrada')
    }
  }
}

/** whatsapp_recover: unfinished inbox and outbox rows get a fresh job (see recovery.ts). */
export function whatsappRecoverTask({ db, log }: TaskDeps) {
  return async () => {
    const found = await recoverUnfinished(db)
    if (found.inbound || found.outbound) log.warn(found, 'whatsapp: unfinished work requeued')
  }
}

/** whatsapp_retention: message texts past the retention period are erased (LGPD). */
export function whatsappRetentionTask({ db, log }: TaskDeps) {
  return async () => {
    const erased = await applyRetention(db)
    if (erased.inbound || erased.outbound || erased.replies) {
      log.info(erased, 'whatsapp: old message texts erased')
    }
  }
}
