import { AsyncLocalStorage } from 'node:async_hooks'
import type { Env } from './env.ts'
import { AppError } from './errors.ts'

/*
 * Bounded lanes for heavy work (PDF statements, data exports, CSV downloads, statement
 * imports): at most `concurrency` run at once and `queue` more wait; beyond that the request is
 * refused at once with 503 BUSY and Retry-After instead of piling up memory, connections and
 * event-loop time until everything times out (ARCHITECTURE §12). One lane per kind of work and
 * per server.
 */

export class BusyError extends AppError {
  constructor(
    retryAfterSeconds: number,
    message = 'Muitos pedidos como este em andamento. Tente novamente em alguns segundos.',
  ) {
    super(503, 'BUSY', message, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    })
  }
}

export type LaneOptions = {
  /** Run at once. */
  concurrency: number
  /** Wait for a turn; the next one is refused. */
  queue: number
  /** What a refusal asks the client to wait. */
  retryAfterSeconds: number
  /** The refusal's message (pt-BR), when not BusyError's default. */
  busyMessage?: string
  /**
   * A heavy lane: entering it gives back the request's turn in the api lane first, so a request
   * waiting for (or doing) heavy work never holds a turn the pages' requests need.
   */
  yieldsApiTurn?: boolean
}

/** A turn in a lane, held until released (once; later calls do nothing). */
export type LaneTurn = { release(): void }

export class Lane {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly options: LaneOptions) {}

  /**
   * Waits for a turn, or throws BusyError when the lane and its queue are full. The caller
   * releases it when its work ends — for a streamed download, when the last byte is taken or
   * the client goes away (platform/http/streamed-body.ts).
   */
  async enter(): Promise<LaneTurn> {
    if (this.options.yieldsApiTurn) heldApiTurn.getStore()?.release()
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.queue) {
        throw new BusyError(this.options.retryAfterSeconds, this.options.busyMessage)
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    let held = true
    return {
      release: () => {
        if (!held) return
        held = false
        // The turn passes straight to the next in line (running stays the same), or ends.
        const next = this.waiting.shift()
        if (next) next()
        else this.running--
      },
    }
  }

  /** Runs `work` in its turn, or throws BusyError when the lane and its queue are full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const turn = await this.enter()
    try {
      return await work()
    } finally {
      turn.release()
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }
}

/** The api lane's turn of the request being handled (http/api-lane.ts), for heavy lanes to give back. */
const heldApiTurn = new AsyncLocalStorage<LaneTurn>()

/** Runs a request's handling holding its api lane turn (released by the caller afterwards). */
export function withApiTurn<T>(turn: LaneTurn, work: () => Promise<T>): Promise<T> {
  return heldApiTurn.run(turn, work)
}

/** The heavy kinds of work a server bounds, each with its lane. */
export type Lanes = {
  /** PDF statements (rendered in as many worker threads as the lane runs at once). */
  pdf: Lane
  /** LGPD data exports (GET /api/me/export), streamed. */
  export: Lane
  /** CSV downloads (transactions, the admin's waitlist), streamed. */
  csv: Lane
  /** Bank statement uploads parsed and previewed (POST /api/v1/imports). */
  import: Lane
  /**
   * Every /api request but the webhooks and the health check (http/api-lane.ts): the pages'
   * API calls never hold all the database connections, so a webhook's acknowledgement finds
   * one at once (ADR 037).
   */
  api: Lane
}

/** What a refused request of each kind is asked to wait, in seconds. */
const RETRY_AFTER: Record<keyof Lanes, number> = {
  pdf: 5,
  export: 10,
  csv: 5,
  import: 5,
  api: 1,
}

type LaneSettings =
  | 'PDF_CONCURRENCY'
  | 'PDF_QUEUE'
  | 'EXPORT_CONCURRENCY'
  | 'EXPORT_QUEUE'
  | 'CSV_CONCURRENCY'
  | 'CSV_QUEUE'
  | 'IMPORT_CONCURRENCY'
  | 'IMPORT_QUEUE'
  | 'API_CONCURRENCY'
  | 'API_QUEUE'

/** The lanes sized by the environment (env.ts: PDF_CONCURRENCY, PDF_QUEUE, …). */
export function createLanes(env: Pick<Env, LaneSettings>): Lanes {
  const lane = (kind: keyof Lanes, concurrency: number, queue: number) =>
    new Lane({ concurrency, queue, retryAfterSeconds: RETRY_AFTER[kind], yieldsApiTurn: true })
  return {
    pdf: lane('pdf', env.PDF_CONCURRENCY, env.PDF_QUEUE),
    export: lane('export', env.EXPORT_CONCURRENCY, env.EXPORT_QUEUE),
    csv: lane('csv', env.CSV_CONCURRENCY, env.CSV_QUEUE),
    import: lane('import', env.IMPORT_CONCURRENCY, env.IMPORT_QUEUE),
    api: new Lane({
      concurrency: env.API_CONCURRENCY,
      queue: env.API_QUEUE,
      retryAfterSeconds: RETRY_AFTER.api,
      busyMessage: 'O servidor está ocupado agora. Tente novamente em instantes.',
    }),
  }
}
