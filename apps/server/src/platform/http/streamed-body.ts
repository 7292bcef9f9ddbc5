import type { LaneTurn } from '../lanes.ts'
import type { Logger } from '../logger.ts'

/**
 * A client that takes nothing for this long has its download ended (the connection is cut): a
 * reader that stalled must not hold a lane's turn — and for an export, a database connection —
 * forever.
 */
export const DOWNLOAD_IDLE_MS = 60_000

/**
 * A download's response body, produced from `chunks` only as fast as the client takes it: the
 * next chunk is made when the previous one has been handed to the socket (one chunk ahead), so
 * a long file never sits whole in memory. `turn` (a lane's) is held until the last chunk is
 * taken, the client goes away, the source fails or the client stalls for `idleMs`; then the
 * source is closed (its `finally` blocks run) and `onEnd` releases what the source was given.
 */
export function streamedBody(
  chunks: AsyncGenerator<string>,
  {
    turn,
    log,
    onEnd,
    idleMs = DOWNLOAD_IDLE_MS,
  }: { turn: LaneTurn; log: Logger; onEnd?: () => Promise<void>; idleMs?: number },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let idle: NodeJS.Timeout | undefined
  let finished = false
  const finish = async () => {
    clearTimeout(idle)
    if (finished) return
    finished = true
    await chunks.return(undefined).catch(() => {})
    await onEnd?.().catch((error: unknown) => log.warn({ err: error }, 'download cleanup failed'))
    turn.release()
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(idle)
        try {
          let next = await chunks.next()
          while (!next.done && next.value === '') next = await chunks.next()
          if (finished) return // the client went away meanwhile
          if (next.done) {
            // What the source held is given back before the client sees the end.
            await finish()
            controller.close()
            return
          }
          controller.enqueue(encoder.encode(next.value))
          // The queue is full until the client takes this chunk: wait for it at most idleMs.
          idle = setTimeout(() => {
            log.warn({ idleMs }, 'download ended: the client stopped reading')
            controller.error(new Error('o cliente parou de ler o download'))
            void finish()
          }, idleMs)
          idle.unref()
        } catch (error) {
          if (finished) return
          // Headers are gone: the connection is cut, the client sees an incomplete file.
          log.warn({ err: error }, 'download failed mid-stream')
          controller.error(error)
          await finish()
        }
      },
      async cancel() {
        await finish()
      },
    },
    { highWaterMark: 1 },
  )
}
