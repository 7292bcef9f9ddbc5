import { openInboundSenders } from '../messaging/index.ts'
import { type ProcessDeps, processInbound } from './processor.ts'

/*
 * The whatsapp_inbound job (ADR 024, 2026-11-26 night): the messages of one inbox statement
 * (`ids`, up to INBOUND_JOB_MESSAGES) or one message (`id`, a job of the recovery sweep).
 * Each of its messages still open is processed as a job of its own was before (processor.ts:
 * usually in a batch with other people's next messages, which closes several of this job's
 * at once; alone when it failed before or its person stays busy), so the job only asks which
 * of its messages are still open and starts with the first.
 *
 * A message that fails has its attempt counted on its row (and gets the apology after the
 * last) and is left for this job's retry, while the job goes on with the others; the job then
 * fails, and graphile-worker runs it again after its back-off: only the failed messages are
 * still open, and a message that failed is never batched again, so it is retried alone.
 */

export async function processInboundJob(
  deps: ProcessDeps,
  { id, ids }: { id: number; ids?: readonly number[] | undefined },
): Promise<void> {
  let open = await openInboundSenders(deps.db, ids ?? [id])
  let failure: unknown = null
  while (open.length) {
    const [first, ...rest] = open
    if (!first) break
    try {
      await processInbound(deps, first.id, first)
    } catch (error) {
      failure ??= error
    }
    // A batch closes several of them: ask again which of the rest are still open.
    open = rest.length
      ? await openInboundSenders(
          deps.db,
          rest.map((m) => m.id),
        )
      : []
  }
  if (failure !== null) throw failure
}
