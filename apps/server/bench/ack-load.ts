import { fork } from 'node:child_process'
import { performance } from 'node:perf_hooks'

/*
 * Bench-only: the webhook's load generator in a process of its own. Meta's POSTs come from
 * elsewhere; a client in the server's process shares its event loop (undici's fetch costs about
 * what the route does), so its work showed in the acknowledgement. The bodies are signed by the
 * parent beforehand; the child sends them and reports, per delivery, when it was sent and when
 * its answer was read, in epoch milliseconds (timeOrigin + now: one clock for both processes).
 */

export type Signed = {
  id: string
  body: { method: string; headers: Record<string, string>; body: string }
}
export type Sent = { messageId: string; sent: number; answered: number; status: number }
type Order =
  | { kind: 'steady'; url: string; rate: number; bodies: Signed[] }
  | { kind: 'closed'; url: string; concurrency: number; bodies: Signed[] }

const epoch = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function send(url: string, { id, body }: Signed): Promise<Sent> {
  const sent = epoch()
  try {
    const res = await fetch(url, body)
    await res.arrayBuffer()
    return { messageId: id, sent, answered: epoch(), status: res.status }
  } catch {
    return { messageId: id, sent, answered: epoch(), status: 0 }
  }
}

async function run(order: Order): Promise<Sent[]> {
  if (order.kind === 'closed') {
    const out: Sent[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: order.concurrency }, async () => {
        while (next < order.bodies.length) {
          const item = order.bodies[next++]
          if (item) out.push(await send(order.url, item))
        }
      }),
    )
    return out
  }
  const started = performance.now()
  const inFlight: Promise<Sent>[] = []
  for (const [i, item] of order.bodies.entries()) {
    const wait = started + (i * 1000) / order.rate - performance.now()
    if (wait > 1) await sleep(wait)
    inFlight.push(send(order.url, item))
  }
  return Promise.all(inFlight)
}

/** The parent's side: a child process running this file; `run` sends one order at a time. */
export function startLoad() {
  const child = fork(import.meta.filename, ['--child'], { execArgv: process.execArgv })
  return {
    pid: child.pid,
    run(order: Order): Promise<{ sent: Sent[]; seconds: number }> {
      return new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { sent: Sent[]; seconds: number }))
        child.send(order)
      })
    },
    stop() {
      child.disconnect()
    },
  }
}

/** Parent clock (performance.now()) from an epoch time of the child's. */
export const toLocal = (epochMs: number) => epochMs - performance.timeOrigin

if (process.argv.includes('--child')) {
  process.on('message', async (order: Order) => {
    const t0 = performance.now()
    const sent = await run(order)
    process.send?.({ sent, seconds: (performance.now() - t0) / 1000 })
  })
}
