import type { Logger } from './logger.ts'

/**
 * Work that must not hold up a response (sending an e-mail after sign-up or a reset request:
 * the answer must not take longer, or reveal more, because an e-mail went out) but must not be
 * lost on a clean shutdown either: `drain()` waits for what is in flight.
 */
export type BackgroundTasks = {
  run(task: Promise<unknown>): void
  drain(): Promise<void>
}

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const inFlight = new Set<Promise<unknown>>()
  return {
    run(task) {
      const tracked = task
        .catch((err: unknown) => log.error({ err }, 'background task failed'))
        .finally(() => inFlight.delete(tracked))
      inFlight.add(tracked)
    },
    async drain() {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}
