import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import { rmSync } from 'node:fs'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { startJobRunner } from '../src/app/job-runner.ts'
import { createLogger } from '../src/platform/logger.ts'
import { delivery, fakeMetaEnv, messageId, signedDelivery } from '../test/fake-meta.ts'
import { insertUser } from '../test/ledger-fixtures.ts'
import { type Sent, type Signed, startLoad, toLocal } from './ack-load.ts'
import { type AckSplit, printSplit, watchAcks } from './ack-split.ts'
import { percentile } from './bench-helpers.ts'
import { cpuBetween, postmasterPid, treeCpu } from './cpu-meter.ts'
import { type ReceivedMessage, startFakeMetaProcess } from './fake-meta-process.ts'
import { dataDirWithStatements, printStatementTimes, resetStatements } from './pg-statements.ts'
import { mergeCounts, printPerMessage, startCounting, stopCounting } from './query-counter.ts'

/**
 * The WhatsApp channel on loopback, with the job runner in the server as `npm start` runs it and
 * a local fake of Meta's Graph API in a process of its own (fake-meta-process.ts):
 *
 * 1. Webhook acknowledgement at a steady 200 deliveries/s (one message each, from linked
 *    people): p50/p99, first with the jobs running elsewhere (WORKER=off, as a web instance
 *    beside `npm run worker`), then with the worker recording them meanwhile — in a process of
 *    its own as `npm start` runs it in production (BENCH_WORKER=process, the default: worker.ts
 *    forked on the same database) or in the server's process (BENCH_WORKER=in-process, as
 *    WORKER=on). Target p99 ≤ 50 ms. The signed bodies are made beforehand so the load
 *    generator (in this process too) stays light. WORKER_CONCURRENCY sets the job slots.
 * 2. Message-to-reply latency, one message at a time: from POSTing the delivery to the reply
 *    arriving at the fake Graph API (verify, store, job, assistant, ledger, outbox, send).
 *    Target p50 ≤ 100 ms.
 * 3. Sustained throughput end to end: a large burst, from the first POST to the last reply,
 *    with the acknowledgement times of its deliveries and the round trips to PostgreSQL each
 *    message cost (every statement of this process: webhook, jobs, sends), and where
 *    PostgreSQL's execution time went (pg_stat_statements, triggers' statements included; not
 *    with BENCH_DATABASE_URL, nor with BENCH_STATEMENTS=off: a run as production's PostgreSQL
 *    runs, without the extension; three pairs on 2026-11-27 showed no difference above the noise).
 * 4. Order (ARCHITECTURE §12): each person's replies reached the fake Graph API in the order
 *    their messages were sent, at least ~1 s apart; violations are counted and printed.
 */
const RATE = Number(process.env.BENCH_RATE ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 100)
const BURST = Number(process.env.BENCH_BURST ?? 2000)
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000)
const WORKER_MODE = process.env.BENCH_WORKER === 'in-process' ? 'in-process' : 'process'
/**
 * The worker's settings compared in section 1b, `label:NAME=value,NAME=value|label:…`; every
 * other variable as the bench runs. BENCH_ACK_ROUNDS windows of each.
 */
const SETTINGS = (
  process.env.BENCH_ACK_SETTINGS ??
  'defaults (nice 10, backends 5):WORKER_NICE=10,WORKER_DB_NICE=5|no nice:WORKER_NICE=0,WORKER_DB_NICE=0'
)
  .split('|')
  .map((item) => {
    const [label = '', vars = ''] = item.split(':')
    return {
      label,
      env: Object.fromEntries(
        vars
          .split(',')
          .filter(Boolean)
          .map((kv) => kv.split('=')),
      ),
    }
  })
const ROUNDS = Number(process.env.BENCH_ACK_ROUNDS ?? 3)

const fake = await startFakeMetaProcess()
// The embedded cluster with pg_stat_statements preloaded (section 3's statement times).
const statementsDir =
  process.env.BENCH_DATABASE_URL || process.env.BENCH_STATEMENTS === 'off'
    ? null
    : await dataDirWithStatements(
        // BENCH_PG_SETTINGS='auto_explain.log_min_duration=3 …': to try a setting or capture plans
        // mid-burst (DATA_DIR/postgres.log), as in alerts.bench.ts.
        Object.fromEntries(
          (process.env.BENCH_PG_SETTINGS ?? '')
            .split(/\s+/)
            .filter(Boolean)
            .map((s) => s.split('=') as [string, string]),
        ),
      )
const server = await startBenchServer({
  ...fakeMetaEnv(fake),
  ...(statementsDir ? { DATA_DIR: statementsDir } : {}),
  WORKER: 'off',
  ...(process.env.WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY } : {}),
})
const db = server.database.pool
const log = createLogger('warn')
const acks = watchAcks(db, server.database.url)
// The deliveries of sections 1 and 3 come from a process of their own, as Meta's do.
const load = startLoad()
const cpuParts = () =>
  treeCpu(process.pid, {
    worker: worker?.pid,
    load: load.pid,
    meta: fake.pid,
    postgres: postmasterPid(server.deps.env.DATA_DIR),
  })
const url = `${server.url}/api/webhooks/whatsapp`

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let amount = 0
const text = () => `gastei ${1 + (amount++ % 500)},50 no mercado`

function signed(from: string) {
  return signedDelivery(delivery({ messages: [{ from, id: messageId(), text: text() }] }))
}

function post(from: string) {
  return fetch(url, signed(from))
}

const signedBodies = (froms: string[]): Signed[] =>
  froms.map((from) => {
    const id = messageId()
    const body = signedDelivery(delivery({ messages: [{ from, id, text: text() }] }))
    // Names the delivery for the split (ack-split.ts); outside the signed bytes.
    return { id, body: { ...body, headers: { ...body.headers, 'x-bench-id': id } } }
  })

/** The load's report on the server's clock; counts the answers other than 200. */
function received(sent: Sent[]) {
  return {
    failed: sent.filter((d) => d.status !== 200).length,
    deliveries: sent.map((d) => ({
      messageId: d.messageId,
      sent: toLocal(d.sent),
      answered: toLocal(d.answered),
    })),
  }
}

/** Deliveries at a steady rate; prints the acknowledgement times and where they went. */
async function steady(froms: string[]): Promise<AckSplit> {
  const bodies = signedBodies(froms)
  const window = acks.window(cpuParts)
  const { sent, seconds } = await load.run({ kind: 'steady', url, rate: RATE, bodies })
  const { failed, deliveries } = received(sent)
  const split = window.end(deliveries)
  const sorted = deliveries.map((d) => d.answered - d.sent).sort((a, b) => a - b)
  console.log(
    `${fmt(bodies.length / seconds)} deliveries/s: p50 ${fmt(split.p50, 1)} ms   p95 ${fmt(percentile(sorted, 95), 1)} ms   p99 ${fmt(split.p99, 1)} ms   max ${fmt(sorted.at(-1) ?? 0, 1)} ms   errors ${failed}   (target p99 ≤ 50 ms: ${split.p99 <= 50 ? 'OK' : 'ABOVE TARGET'})`,
  )
  printSplit('split', split)
  return split
}

/** The job runner alone in a child process (worker.ts), on the bench server's database. */
let worker: ChildProcess | null = null
function forkWorker(settings: Record<string, string> = {}): ChildProcess {
  const entry = path.resolve(import.meta.dirname, '../src/app/worker.ts')
  const counter = path.resolve(import.meta.dirname, 'query-counter.ts')
  const child = fork(entry, [], {
    execArgv: [...process.execArgv, '--import', counter],
    env: {
      ...process.env,
      ...fakeMetaEnv(fake),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: server.database.url,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      WORKER_CONCURRENCY: String(server.deps.env.WORKER_CONCURRENCY),
      ...settings,
    },
  })
  return child
}

async function workerCounts(): Promise<Array<{ statement: string; count: number }>> {
  const child = worker
  if (!child) return []
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { counted: [] }).counted ?? []))
    child.send('count:stop')
  })
}

async function stopWorker() {
  const child = worker
  if (!child || child.exitCode !== null) return
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** Every stored message gets one reply (a delivery the webhook refused was never stored). */
async function storedMessages(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from whatsapp_inbound')
  return rows[0]?.n ?? 0
}

async function waitForReplies(atLeast: number, timeoutMs = 600_000) {
  const total = Math.min(atLeast, await storedMessages())
  const deadline = Date.now() + timeoutMs
  while (fake.sent.length < total && Date.now() < deadline) await sleep(20)
  if (fake.sent.length < total) throw new Error(`only ${fake.sent.length}/${total} replies`)
}

try {
  // Linked people: each message is a real entry in a real ledger.
  const waIds: string[] = []
  for (let i = 0; i < PEOPLE; i++) {
    const userId = await insertUser(db, 'pf_simples')
    const waId = `55119${String(70_000_000 + i)}`
    await db.query('insert into whatsapp_links (user_id, phone_key, wa_id) values ($1, $2, $2)', [
      userId,
      waId,
    ])
    waIds.push(waId)
  }
  const person = (i: number) => waIds[i % waIds.length] ?? ''

  const total = RATE * SECONDS
  const froms = (offset: number) => Array.from({ length: total }, (_, i) => person(offset + i))
  console.log(
    `Webhook acknowledgement, ${RATE} deliveries/s for ${SECONDS} s (${total} deliveries)`,
  )

  // Warm-up, then 1a: the jobs run elsewhere.
  await Promise.all(Array.from({ length: 50 }, (_, i) => post(person(i)).then((r) => r.text())))
  process.stdout.write('  worker elsewhere:  ')
  await steady(froms(100))

  // 1b: the worker running, as `npm start` runs it: in its own process, one window per setting
  // and round, the settings' order alternated (A B, B A, …), each window starting with a fresh
  // worker and no backlog, so that settings are compared in the same minutes.
  let sent = 50 + total
  if (WORKER_MODE === 'in-process') {
    const runner = await startJobRunner(
      db,
      log,
      server.deps.env,
      server.deps.env.WORKER_CONCURRENCY,
    )
    await waitForReplies(sent)
    process.stdout.write('  worker in process: ')
    await steady(froms(300))
    sent += total
    await waitForReplies(sent)
    await runner.stop()
  } else {
    const results = new Map<string, AckSplit[]>(SETTINGS.map((s) => [s.label, []]))
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? SETTINGS : [...SETTINGS].reverse()
      for (const setting of order) {
        worker = forkWorker(setting.env)
        await waitForReplies(sent)
        process.stdout.write(`  worker in its own process, ${setting.label}, round ${round + 1}: `)
        results.get(setting.label)?.push(await steady(froms(300 + sent)))
        sent += total
        await stopWorker()
      }
    }
    if (ROUNDS > 0) {
      console.log(
        `  per setting over ${ROUNDS} rounds (window p99s; median p50, median p99, spread):`,
      )
    }
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      )
    for (const [label, splits] of ROUNDS > 0 ? results : []) {
      const p99s = splits.map((s) => s.p99)
      console.log(
        `    ${label}: p99 ${p99s.map((v) => fmt(v, 1)).join(' / ')} ms → median p50 ${fmt(median(splits.map((s) => s.p50)), 1)}, median p99 ${fmt(median(p99s), 1)} ms (${fmt(Math.min(...p99s), 1)}–${fmt(Math.max(...p99s), 1)})`,
      )
    }
    worker = forkWorker()
    await waitForReplies(sent)
  }

  // 2. Message to reply, one at a time (a different person each time: no pacing wait).
  await sleep(1500)
  const latencies: number[] = []
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const from = person(i * 7 + 3)
    const t0 = performance.now()
    const replied = new Promise<void>((resolve) => {
      const onSent = (m: ReceivedMessage) => {
        if (m.to !== from) return
        fake.events.off('sent', onSent)
        resolve()
      }
      fake.events.on('sent', onSent)
    })
    const res = await post(from)
    await res.arrayBuffer()
    await replied
    latencies.push(performance.now() - t0)
    await sleep(20)
  }
  latencies.sort((a, b) => a - b)
  const p50 = percentile(latencies, 50)
  console.log(`Message to reply on loopback (${LATENCY_SAMPLES} messages, one at a time)`)
  console.log(
    `  p50 ${fmt(p50, 1)} ms   p95 ${fmt(percentile(latencies, 95), 1)} ms   p99 ${fmt(percentile(latencies, 99), 1)} ms`,
  )
  console.log(`  target p50 ≤ 100 ms: ${p50 <= 100 ? 'OK' : 'ABOVE TARGET'}`)

  // 3. Sustained end to end: a burst from many people, 16 deliveries in flight.
  await sleep(1500)
  const before = fake.sent.length
  if (statementsDir) await resetStatements(db)
  const cpuBefore = cpuParts()
  startCounting()
  worker?.send('count:start')
  const burstStart = performance.now()
  const burstWindow = acks.window(cpuParts)
  const burst = await load.run({
    kind: 'closed',
    url,
    concurrency: 16,
    bodies: signedBodies(Array.from({ length: BURST }, (_, i) => person(i))),
  })
  const acked = (performance.now() - burstStart) / 1000
  const burstSplit = burstWindow.end(received(burst.sent).deliveries)
  const burstAcks = burst.sent.map((d) => d.answered - d.sent)
  await waitForReplies(before + BURST)
  const seconds = (performance.now() - burstStart) / 1000
  const cpu = cpuBetween(cpuBefore, cpuParts())
  const counted = mergeCounts(stopCounting(), await workerCounts())
  burstAcks.sort((a, b) => a - b)
  const burstP99 = percentile(burstAcks, 99)
  console.log(`Sustained end to end (${BURST} messages from ${Math.min(BURST, PEOPLE)} people)`)
  console.log(
    `  ${fmt(BURST / seconds)} messages/s recorded and answered (${fmt(seconds, 1)} s; all acknowledged in ${fmt(acked, 1)} s)`,
  )
  console.log(
    `  acknowledgement meanwhile: p50 ${fmt(percentile(burstAcks, 50), 1)} ms   p99 ${fmt(burstP99, 1)} ms   (target p99 ≤ 50 ms: ${burstP99 <= 50 ? 'OK' : 'ABOVE TARGET'})`,
  )
  printSplit('while the burst was acknowledged', burstSplit)
  // When the burst's replies reached Meta, per half second from its first POST.
  const startEpoch = performance.timeOrigin + burstStart
  const buckets: number[] = []
  for (const m of fake.sent.slice(before)) {
    const b = Math.floor((m.at - startEpoch) / 500)
    buckets[b] = (buckets[b] ?? 0) + 1
  }
  console.log(`  replies per half second: ${Array.from(buckets, (n) => n ?? 0).join(' ')}`)
  const recorded = await db.query<{ n: number }>('select count(*)::int as n from transactions')
  console.log(`  entries recorded: ${recorded.rows[0]?.n}, replies sent: ${fake.sent.length}`)
  printPerMessage(counted, BURST, fmt)
  if (statementsDir) await printStatementTimes(db, BURST, fmt)
  // CPU per message: what the neighbours on a shared machine cannot inflate much.
  const cpuTotal = Object.values(cpu).reduce((a, b) => a + b, 0)
  console.log(
    `  CPU per message: ${fmt(cpuTotal / BURST, 2)} ms (server ${fmt((cpu.rest ?? 0) / BURST, 2)}, load ${fmt((cpu.load ?? 0) / BURST, 2)}, fake Meta ${fmt((cpu.meta ?? 0) / BURST, 2)}, worker ${fmt((cpu.worker ?? 0) / BURST, 2)}, PostgreSQL ${fmt((cpu.postgres ?? 0) / BURST, 2)}); 2 cores fully used: ${fmt(2000 / (cpuTotal / BURST))} messages/s`,
  )

  // 4. Order per person, over every reply of the run.
  const { rows: sources } = await db.query<{ wamid: string; sent_at: Date; id: number }>(
    `select o.wamid, i.sent_at, i.id from whatsapp_outbound o
       join whatsapp_inbound i on o.idempotency_key = i.message_id || ':reply'
      where o.wamid is not null`,
  )
  const source = new Map(sources.map((r) => [r.wamid, r]))
  const lastTo = new Map<string, { at: number; sentAt: number; id: number }>()
  let outOfOrder = 0
  let tooClose = 0
  for (const m of fake.sent) {
    const s = source.get(m.wamid)
    if (!s) continue
    const prev = lastTo.get(m.to)
    const sentAt = s.sent_at.getTime()
    if (prev) {
      if (sentAt < prev.sentAt || (sentAt === prev.sentAt && s.id < prev.id)) outOfOrder++
      if (m.at - prev.at < 900) tooClose++
    }
    lastTo.set(m.to, { at: m.at, sentAt, id: s.id })
  }
  console.log(
    `Order per person: ${fmt(source.size)} replies to ${fmt(lastTo.size)} people; ${outOfOrder} out of order, ${tooClose} less than 0.9 s after the previous one (${outOfOrder + tooClose === 0 ? 'OK' : 'VIOLATIONS'})`,
  )
} finally {
  load.stop()
  await acks.stop()
  await stopWorker()
  await server.cleanup()
  if (statementsDir) rmSync(statementsDir, { recursive: true, force: true })
  await fake.close()
}
