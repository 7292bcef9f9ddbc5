import { AppError } from './errors.ts'

/*
 * Bounded lanes for heavy work (PDF statements, data exports): at most `concurrency` run at
 * once and `queue` more wait; beyond that the request is refused at once with 503 BUSY and
 * Retry-After instead of piling up memory, connections and event-loop time until everything
 * times out (ARCHITECTURE §12). One lane per kind of work and per process.
 */

export class BusyError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'BUSY',
      'Muitos pedidos como este em andamento. Tente novamente em alguns segundos.',
      { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    )
  }
}

export type LaneOptions = {
  /** Run at once. */
  concurrency: number
  /** Wait for a turn; the next one is refused. */
  queue: number
  /** What a refusal asks the client to wait. */
  retryAfterSeconds: number
}

export class Lane {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly options: LaneOptions) {}

  /** Runs `work` in its turn, or throws BusyError when the lane and its queue are full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.queue) {
        throw new BusyError(this.options.retryAfterSeconds)
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return await work()
    } finally {
      // The turn passes straight to the next in line (running stays the same), or ends.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }
}
