import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import pg from 'pg'
import { type EventLoopUtilization, monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fmt } from '../../../bench/bench-server.ts'
import type { Db } from '../src/platform/db/database.ts'
import { percentile } from './bench-helpers.ts'
import { type CpuSample, cpuBetween } from './cpu-meter.ts'

/*
 * Bench-only (issue 27, ADR 036 "2026-11-26 late"): where a webhook acknowledgement's time goes.
 * The server runs in the bench's process, so its pool is watched from outside (its `query` and
 * `connect` wrapped; the server's code is unchanged): every inbox statement (the insert into
 * whatsapp_inbound) is timed and mapped to the message ids it carried, and the load generator
 * knows each delivery's message id and its send and answer times. Per delivery, on one clock:
 *
 *   arrive = sent → the server's HTTP parser saw the request (Node's `http.server.request.start`
 *     channel; the load names the delivery in an `x-bench-id` header): the client, the kernel,
 *     the server's event loop getting to it;
 *   before = arrived → its statement started: body, signature, parsing, the event loop, and
 *     waiting for the inbox statement in flight (the grouping of ADR 036);
 *   pool = the statement's wait for a connection;
 *   statement = connection → result: the insert, add_jobs, the commit (NOTIFY lock, WAL flush);
 *   answer = result → the response written (`http.server.response.finish`): the event loop;
 *   back = written → read by the client (the load process's turn on a CPU).
 *
 * While an inbox statement runs, pg_stat_activity is sampled every ~3 ms from a connection of
 * its own: what its backend is waiting on (Lock:object = the NOTIFY commit lock, IO:WalSync,
 * CPU = no wait event). The event loop's delay and utilisation and each process tree's CPU are
 * read per window.
 */

type Statement = { start: number; connected: number; end: number; messages: number }
type Delivery = { messageId: string; sent: number; answered: number }
type Seen = { arrived: number; finished: number }

const INBOX = 'insert into whatsapp_inbound'

export function watchAcks(db: Db, databaseUrl: string) {
  const byMessage = new Map<string, Statement>()
  const seen = new Map<string, Seen>()
  const benchId = (request: IncomingMessage) => request.headers['x-bench-id']
  subscribe('http.server.request.start', (m) => {
    const id = benchId((m as { request: IncomingMessage }).request)
    if (typeof id === 'string') seen.set(id, { arrived: performance.now(), finished: 0 })
  })
  subscribe('http.server.response.finish', (m) => {
    const id = benchId((m as { request: IncomingMessage }).request)
    const s = typeof id === 'string' ? seen.get(id) : undefined
    if (s) s.finished = performance.now()
  })
  let inFlight = 0
  let pendingConnect: Statement | null = null

  const query = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>
  ;(db as { query: unknown }).query = (...args: unknown[]) => {
    const [text, params] = args
    if (typeof text !== 'string' || !text.includes(INBOX) || !Array.isArray(params)) {
      return query(...args)
    }
    const ids = (JSON.parse(String(params[0])) as Array<{ message_id: string }>).map(
      (m) => m.message_id,
    )
    const s: Statement = { start: performance.now(), connected: 0, end: 0, messages: ids.length }
    for (const id of ids) byMessage.set(id, s)
    inFlight++
    pendingConnect = s
    const result = query(...args)
    pendingConnect = null
    return result.finally(() => {
      s.end = performance.now()
      if (!s.connected) s.connected = s.start
      inFlight--
    })
  }
  // pg-pool's query() takes its connection through this.connect(callback), synchronously.
  const connect = db.connect.bind(db) as (cb?: unknown) => unknown
  ;(db as { connect: unknown }).connect = (cb?: (...args: unknown[]) => void) => {
    const s = pendingConnect
    if (!s || typeof cb !== 'function') return connect(cb)
    return connect((...args: unknown[]) => {
      s.connected = performance.now()
      cb(...args)
    })
  }

  // What an inbox statement's backend waits on, sampled.
  const waits = new Map<string, number>()
  let sampling = true
  const sampler = new pg.Client({ connectionString: databaseUrl })
  const sampled = (async () => {
    await sampler.connect()
    while (sampling) {
      if (inFlight > 0) {
        const { rows } = await sampler.query<{ wait: string }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait
             from pg_stat_activity where state = 'active' and query like 'with stored as (%'`,
        )
        for (const { wait } of rows) waits.set(wait, (waits.get(wait) ?? 0) + 1)
      }
      await new Promise((r) => setTimeout(r, 3))
    }
    await sampler.end()
  })()

  return {
    /** A window of deliveries: call `end` with them once they are all answered. */
    window(cpu: () => CpuSample) {
      waits.clear()
      const loop = monitorEventLoopDelay({ resolution: 5 })
      loop.enable()
      const elu = performance.eventLoopUtilization()
      const cpuStart = cpu()
      const started = performance.now()
      return {
        end(deliveries: Delivery[]): AckSplit {
          loop.disable()
          const seconds = (performance.now() - started) / 1000
          const used = cpuBetween(cpuStart, cpu())
          const split = splitOf(deliveries, byMessage, seen)
          return {
            ...split,
            loopDelayP99: loop.percentile(99) / 1e6,
            loopUtilisation: (performance.eventLoopUtilization(elu) as EventLoopUtilization)
              .utilization,
            cpuPerSecond: Object.fromEntries(
              Object.entries(used).map(([k, v]) => [k, v / seconds]),
            ),
            waits: new Map(waits),
          }
        },
      }
    },
    async stop() {
      sampling = false
      await sampled
    },
  }
}

export type AckSplit = ReturnType<typeof splitOf> & {
  loopDelayP99: number
  loopUtilisation: number
  cpuPerSecond: Record<string, number>
  waits: Map<string, number>
}

const PARTS = ['arrive', 'before', 'pool', 'statement', 'answer', 'back'] as const

function splitOf(
  deliveries: Delivery[],
  byMessage: Map<string, Statement>,
  seen: Map<string, Seen>,
) {
  const rows = deliveries.flatMap((d) => {
    const s = byMessage.get(d.messageId)
    const http = seen.get(d.messageId)
    if (!s?.end || !http?.finished) return []
    return [
      {
        ack: d.answered - d.sent,
        arrive: http.arrived - d.sent,
        before: s.start - http.arrived,
        pool: s.connected - s.start,
        statement: s.end - s.connected,
        answer: http.finished - s.end,
        back: d.answered - http.finished,
        server: http.finished - http.arrived,
      },
    ]
  })
  const acks = deliveries.map((d) => d.answered - d.sent).sort((a, b) => a - b)
  const p99 = percentile(acks, 99)
  // The tail: the deliveries at or above the p99, each part's mean among them.
  const tail = rows.filter((r) => r.ack >= p99)
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0)
  const statements = new Set(deliveries.flatMap((d) => byMessage.get(d.messageId) ?? []))
  const inServer = rows.map((r) => r.server).sort((a, b) => a - b)
  return {
    n: acks.length,
    p50: percentile(acks, 50),
    p99,
    /** Parser saw it → response written: the acknowledgement as the server alone gives it. */
    server: { p50: percentile(inServer, 50), p99: percentile(inServer, 99) },
    parts: Object.fromEntries(
      PARTS.map((part) => {
        const xs = rows.map((r) => r[part]).sort((a, b) => a - b)
        return [
          part,
          {
            p50: percentile(xs, 50),
            p99: percentile(xs, 99),
            tail: mean(tail.map((r) => r[part])),
          },
        ]
      }),
    ) as Record<(typeof PARTS)[number], { p50: number; p99: number; tail: number }>,
    messagesPerStatement: rows.length / Math.max(1, statements.size),
  }
}

export function printSplit(label: string, s: AckSplit) {
  const ms = (v: number) => fmt(v, 1)
  console.log(
    `    ${label}: ack p50 ${ms(s.p50)} p99 ${ms(s.p99)} ms, of it in the server (parser → written) p50 ${ms(s.server.p50)} p99 ${ms(s.server.p99)} ms (n ${s.n}, ${fmt(s.messagesPerStatement, 1)} msg/statement)`,
  )
  console.log(
    `      split p50/p99/tail-mean ms: ${PARTS.map((p) => `${p} ${ms(s.parts[p].p50)}/${ms(s.parts[p].p99)}/${ms(s.parts[p].tail)}`).join('  ')}`,
  )
  const total = [...s.waits.values()].reduce((a, b) => a + b, 0)
  const waits = [...s.waits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w, n]) => `${w} ${fmt((100 * n) / Math.max(1, total))} %`)
    .join(', ')
  const cpu = Object.entries(s.cpuPerSecond)
    .map(([k, v]) => `${k === 'rest' ? 'server' : k} ${fmt(v / 10)} %`)
    .join(', ')
  console.log(
    `      inbox backend (${total} samples): ${waits || '-'} · event loop delay p99 ${ms(s.loopDelayP99)} ms, utilisation ${fmt(100 * s.loopUtilisation)} % · CPU of a core: ${cpu}`,
  )
}
