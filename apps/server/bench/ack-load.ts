import { fork } from 'node:child_process'
import http from 'node:http'
import { performance } from 'node:perf_hooks'

/*
 * Bench-only: the webhook's load generator in a process of its own. Meta's POSTs come from
 * elsewhere; a client in the server's process shares its event loop (undici's fetch costs about
 * what the route does), so its work showed in the acknowledgement. The bodies are signed by the
 * parent beforehand; the child sends them and reports, per delivery, when it was sent and when
 * its answer was read, in epoch milliseconds (timeOrigin + now: one clock for both processes).
 *
 * It sends through node:http on kept-alive connections rather than fetch: Meta's machines are
 * not ours, and at ~0.5 ms of CPU a delivery fetch took a fifth of a core from the server, the
 * worker and PostgreSQL during the burst, and its own late turns on a CPU showed as the ack's
 * `back` part (ADR 036, 2026-11-27).
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

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function send(url: string, { id, body }: Signed): Promise<Sent> {
  const sent = epoch()
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ messageId: id, sent, answered: epoch(), status })
    const payload = Buffer.from(body.body)
    const req = http.request(
      url,
      {
        agent,
        method: body.method,
        headers: { ...body.headers, 'content-length': String(payload.length) },
      },
      (res) => {
        res.on('data', () => {})
        res.on('end', () => done(res.statusCode ?? 0))
        res.on('error', () => done(0))
      },
    )
    req.on('error', () => done(0))
    req.end(payload)
  })
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
