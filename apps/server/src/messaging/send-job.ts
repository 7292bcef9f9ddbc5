import { queueEachAlone, queuedOf } from './send-job.queries.ts'
import { deliverInBatch, deliverOne, deliverOutbound, type SendDeps } from './sender.ts'
import { whatsappSendJob } from './whatsapp.jobs.ts'
import { graphConfig } from './whatsapp-config.ts'

/*
 * The whatsapp_send job (ADR 008, 2026-11-26 late): the replies of one batch due together
 * (`ids`, up to SEND_JOB_MESSAGES, queued by insertOutboundBatch at the group's latest slot), or
 * one message (`id`: a single reply, a retry, the recovery sweep's job).
 *
 * A job of a batch's replies sends those still queued as one send batch (send-batch.ts, with
 * other recipients' due messages filling the rest of it), and hands each one the batch did not
 * take — not due (a retry later), behind an earlier reply to the same person, paced, in doubt,
 * being sent by another attempt — to the single send's path: its own keyed job, when its next
 * attempt is due, which decides as a single reply's job always has. Every guarantee is the
 * batch's or the single send's (sender.ts): one attempt per message under its lock, in order and
 * PACING_MS apart per person, never before its slot, never twice.
 */

export async function runSendJob(
  deps: SendDeps,
  { id, ids }: { id: number; ids?: readonly number[] | undefined },
): Promise<void> {
  if (!ids) return deliverOutbound(deps, id)
  const open = await queuedOf(deps.db, ids)
  const config = graphConfig(deps.env)
  const settled =
    config && open.some((m) => m.channel === 'whatsapp')
      ? await deliverInBatch(
          deps,
          config,
          open.filter((m) => m.channel === 'whatsapp').map((m) => m.id),
        )
      : new Set<number>()
  const rest = open.filter((m) => !settled.has(m.id))
  // Without Meta (or for the simulator) a send is a write: each goes the single way now.
  const alone = config ? rest.filter((m) => m.channel === 'simulator') : rest
  for (const message of alone) await deliverOne(deps, message.id)
  await queueEachAlone(deps.db, {
    ids: config ? rest.filter((m) => m.channel === 'whatsapp').map((m) => m.id) : [],
    job: {
      task: whatsappSendJob.task,
      keyPrefix: whatsappSendJob.keyPrefix ?? 'wa-out:',
      maxAttempts: whatsappSendJob.maxAttempts,
    },
  })
}
