import http from 'node:http'
import { fmt } from '../../../bench/bench-server.ts'
import { delivery, messageId, signedDelivery, startFakeMeta } from '../test/fake-meta.ts'
import { percentile } from './bench-helpers.ts'
import { pages } from './page-calls.ts'

/*
 * The load of mixed.bench.ts, in a process of its own so that generating it does not share the
 * server's event loop (the server runs in the parent, the worker in another child, as in
 * production). It also holds the fake Graph API the worker sends the replies to. Protocol: it
 * sends {fake: url}; the parent answers with a Plan; it prints the figures and sends {done}.
 */

export type WebUser = { cookie: string; ip: string }
export type Plan = {
  url: string
  month: string
  users: WebUser[]
  waIds: string[]
  rate: number
  messages: number
  aloneSeconds: number
  thinkMs: number
  maxSeconds: number
}

/** One API request: its time from the page's call, and the part of it spent waiting for one of the browser's 6 connections. */
type Sample = {
  page: string
  route: string
  ms: number
  status: number
  error?: string
  socketWaitMs: number
  /** When it was sent, in seconds from the start of its phase. */
  at: number
}

function request(
  agent: http.Agent,
  url: URL,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
  onSocket?: () => void,
  retried = false,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        agent,
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    if (onSocket) req.once('socket', onSocket)
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle (its 5 s keep-alive timeout) just as
      // this request went out on it: a browser sends it again on a new connection, and so does
      // this load (Node's documented pattern, `request.reusedSocket`). Counted and printed.
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) {
        resent++
        request(agent, url, { method, headers, body }, undefined, true).then(resolve, reject)
      } else reject(error)
    })
    req.end(body)
  })
}

/** Requests sent again after the server closed their idle kept-alive connection under them. */
let resent = 0

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function run(plan: Plan, fake: Awaited<ReturnType<typeof startFakeMeta>>) {
  const base = new URL(plan.url)
  const loads = pages(plan.month)
  const names = Object.keys(loads)
  let phase: 'alone' | 'mixed' | 'stop' = 'alone'
  const samples: Record<'alone' | 'mixed', Sample[]> = { alone: [], mixed: [] }
  const phaseStart = { alone: performance.now(), mixed: 0 }
  const pageTimes: Record<'alone' | 'mixed', Map<string, number[]>> = {
    alone: new Map(),
    mixed: new Map(),
  }

  // One browser each: 6 connections to the host, like Chromium over HTTP/1.1.
  const webUser = async (user: WebUser, index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
    const headers = { cookie: user.cookie, 'x-forwarded-for': user.ip, accept: 'application/json' }
    await sleep(Math.random() * plan.thinkMs)
    for (let n = index; phase !== 'stop'; n++) {
      const page = names[n % names.length] ?? ''
      const during = phase
      const t0 = performance.now()
      await Promise.all(
        (loads[page] ?? []).map(async (path) => {
          const start = performance.now()
          let error: string | undefined
          let socketAt = start
          const status = await request(agent, new URL(path, base), { headers }, () => {
            socketAt = performance.now()
          }).catch((e: NodeJS.ErrnoException) => {
            error = e.code ?? e.message
            return 0
          })
          samples[during].push({
            page,
            route: path.split('?')[0] ?? path,
            ms: performance.now() - start,
            status,
            ...(error ? { error } : {}),
            socketWaitMs: socketAt - start,
            at: (start - phaseStart[during]) / 1000,
          })
        }),
      )
      const times = pageTimes[during].get(page) ?? []
      times.push(performance.now() - t0)
      pageTimes[during].set(page, times)
      await sleep(plan.thinkMs * (0.5 + Math.random()))
    }
    agent.destroy()
  }
  const users = Promise.all(plan.users.map(webUser))

  await sleep(plan.aloneSeconds * 1000)
  // The burst: signed deliveries at a steady rate, from the people in turn, with what people say.
  const texts: Array<(i: number) => string> = [
    (i: number) => `gastei ${1 + (i % 300)},50 no mercado`,
    (i: number) => `uber ${10 + (i % 40)}`,
    (i: number) => `recebi ${100 + (i % 900)} de freela`,
    () => 'saldo',
    (i: number) => `almoço ${20 + (i % 30)},90`,
  ]
  const bodies = Array.from({ length: plan.messages }, (_, i) =>
    signedDelivery(
      delivery({
        messages: [
          {
            from: plan.waIds[i % plan.waIds.length] ?? '',
            id: messageId(),
            text: texts[i % texts.length]?.(i) ?? 'saldo',
          },
        ],
      }),
    ),
  )
  const meta = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const hook = new URL('/api/webhooks/whatsapp', base)
  const sentBefore = fake.sent.length
  phase = 'mixed'
  phaseStart.mixed = performance.now()
  process.send?.({ phase: 'mixed' })
  const acks: number[] = []
  let refused = 0
  const started = performance.now()
  const inFlight: Promise<void>[] = []
  for (const [i, body] of bodies.entries()) {
    const wait = started + (i * 1000) / plan.rate - performance.now()
    if (wait > 1) await sleep(wait)
    const t0 = performance.now()
    inFlight.push(
      request(meta, hook, body).then(
        (status) => {
          if (status !== 200) refused++
          acks.push(performance.now() - t0)
        },
        () => {
          refused++
        },
      ),
    )
  }
  await Promise.all(inFlight)
  const acked = (performance.now() - started) / 1000
  const deadline = started + plan.maxSeconds * 1000
  while (fake.sent.length - sentBefore < plan.messages && performance.now() < deadline) {
    await sleep(20)
  }
  const seconds = (performance.now() - started) / 1000
  const replies = fake.sent.length - sentBefore
  phase = 'stop'
  process.send?.({ phase: 'stop' })
  await users
  meta.destroy()

  acks.sort((a, b) => a - b)
  console.log(
    `Chat: ${fmt(plan.messages)} messages from ${fmt(Math.min(plan.messages, plan.waIds.length))} people offered at ${fmt(plan.rate)}/s (all acknowledged in ${fmt(acked, 1)} s; ack p50 ${fmt(percentile(acks, 50), 1)} ms, p99 ${fmt(percentile(acks, 99), 1)} ms, ${refused} not 200)`,
  )
  console.log(
    `  ${fmt(replies)} replies in ${fmt(seconds, 1)} s: ${fmt(replies / seconds, 1)} messages/s recorded and answered${replies < plan.messages ? ` (STOPPED at BENCH_MAX_SECONDS=${plan.maxSeconds}: ${fmt(plan.messages - replies)} unanswered)` : ''}`,
  )
  report('Web alone (before the burst)', samples.alone, pageTimes.alone, plan.aloneSeconds)
  report('Web during the burst', samples.mixed, pageTimes.mixed, seconds)
}

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

function line(label: string, ms: number[], target = false) {
  const s = stats(ms)
  const verdict = target ? `   ${s.p99 < 200 ? 'OK' : 'ABOVE TARGET'} (p99 < 200 ms)` : ''
  return `${label.padEnd(34)} n ${String(s.count).padStart(6)}   p50 ${fmt(s.p50, 1).padStart(7)}   p95 ${fmt(s.p95, 1).padStart(7)}   p99 ${fmt(s.p99, 1).padStart(7)}   max ${fmt(s.max, 1).padStart(7)} ms${verdict}`
}

function report(title: string, all: Sample[], pageTimes: Map<string, number[]>, seconds: number) {
  // A person without a team gets 403 from /api/team: the page reads it as "not a member".
  const failed = all.filter(
    (s) => (s.status < 200 || s.status >= 300) && !(s.status === 403 && s.route === '/api/team'),
  )
  console.log(
    `${title}: ${fmt(all.length)} API requests in ${fmt(seconds, 1)} s (${fmt(all.length / seconds)}/s), ${failed.length} unexpected answers${failed.length ? ` (${[...new Set(failed.map((f) => `${f.status || `no answer (${f.error})`} ${f.route}`))].slice(0, 5).join(', ')})` : ''}; ${resent} sent again after an idle connection closed under them`,
  )
  // When the slowest 1 % were sent: a tail bunched in one second is one event, not the load.
  const slowest = [...all].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(all.length / 100))
  const bySecond = new Map<number, number>()
  for (const s of slowest) bySecond.set(Math.floor(s.at), (bySecond.get(Math.floor(s.at)) ?? 0) + 1)
  console.log(
    `  the slowest 1 % (${slowest.length}) sent at second: ${[...bySecond]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}s ×${n}`)
      .join(', ')}`,
  )
  for (const [page, times] of pageTimes) {
    const ofPage = all.filter((s) => s.page === page)
    console.log(
      `  ${line(
        `${page} API requests`,
        ofPage.map((s) => s.ms),
        true,
      )}`,
    )
    console.log(`  ${line(`${page} whole load (all at once)`, times)}`)
    console.log(
      `  ${line(
        '  of which for a browser connection',
        ofPage.map((s) => s.socketWaitMs),
      )}`,
    )
    console.log(
      `  ${line(
        '  the rest (sent → answered)',
        ofPage.map((s) => s.ms - s.socketWaitMs),
      )}`,
    )
    const routes = [...new Set(ofPage.map((s) => s.route))]
    for (const route of routes) {
      console.log(
        `    ${line(
          route,
          ofPage.filter((s) => s.route === route).map((s) => s.ms),
        )}`,
      )
    }
  }
}

const fake = await startFakeMeta()
process.send?.({ fake: fake.url })
process.once('message', (plan: Plan) => {
  run(plan, fake)
    .catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
    .finally(async () => {
      await fake.close()
      process.send?.({ done: true })
      process.disconnect?.()
    })
})
