import { Worker } from 'node:worker_threads'
import type { StatementInput } from './monthly-pdf.ts'

/*
 * PDF statements are rendered in worker threads: laying out thousands of entries takes hundreds
 * of milliseconds of CPU, which on the main thread stalls every other request (/api/health took
 * 12 s under 100 concurrent statements). A few long-lived threads, started on first use and
 * unreferenced while idle (they never hold the process open); one that crashes is replaced.
 */

/**
 * Threads at most unless the caller asks for more: the HTTP handler asks for as many as its lane
 * runs at once (PDF_CONCURRENCY); the pool only grows.
 */
export const PDF_THREADS = 2

type Job = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }
type Slot = { worker: Worker; jobs: Map<number, Job> }

const WORKER_URL = new URL('./pdf-render.worker.mjs', import.meta.url)
const slots: Slot[] = []
let nextId = 1

function spawnSlot(): Slot {
  // pdf-render.worker.mjs registers tsx, then loads the TypeScript worker.
  const worker = new Worker(WORKER_URL)
  const slot: Slot = { worker, jobs: new Map() }
  worker.unref()
  worker.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = slot.jobs.get(message.id)
    slot.jobs.delete(message.id)
    if (slot.jobs.size === 0) worker.unref()
    if (!job) return
    if (message.pdf) job.resolve(Buffer.from(message.pdf.buffer, 0, message.pdf.byteLength))
    else job.reject(new Error(`renderização do PDF falhou: ${message.error}`))
  })
  const fail = (error: Error) => {
    const at = slots.indexOf(slot)
    if (at >= 0) slots.splice(at, 1)
    for (const job of slot.jobs.values()) job.reject(error)
    slot.jobs.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`a thread de PDF terminou (código ${code})`)))
  slots.push(slot)
  return slot
}

/** The statement's PDF, rendered in a worker thread (the least busy one). */
export function renderInThread(input: StatementInput, threads = PDF_THREADS): Promise<Buffer> {
  const idle = slots.find((s) => s.jobs.size === 0)
  const slot =
    idle ??
    (slots.length < threads
      ? spawnSlot()
      : slots.reduce((a, b) => (a.jobs.size <= b.jobs.size ? a : b)))
  const id = nextId++
  return new Promise<Buffer>((resolve, reject) => {
    slot.jobs.set(id, { resolve, reject })
    slot.worker.ref()
    slot.worker.postMessage({ id, input })
  })
}
