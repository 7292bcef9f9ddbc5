/**
 * Throughput of the bank-notification reader on one core (`npm run bench -- notifications`).
 * Plain script: it prints figures and exits 0; timings are never asserted. Goal: ≥ 100,000
 * notifications/s.
 */
import { NOTIFICATION_CORPUS } from '../eval/notifications/corpus.ts'
import { NOTIFICATION_HELDOUT } from '../eval/notifications/heldout.ts'
import { readBankNotification } from '../src/bank-notification.ts'
import { understand } from '../src/understand.ts'
import { benchCorpus } from './corpus.ts'

const typed = benchCorpus()
const texts = [...NOTIFICATION_CORPUS, ...NOTIFICATION_HELDOUT].map((c) => c.text)
const now = new Date('2026-11-18T15:00:00Z')
let sink = 0

function runFor(ms: number, one: (t: string) => void, set = texts): number {
  const until = performance.now() + ms
  let n = 0
  while (performance.now() < until) {
    for (const t of set) one(t)
    n += set.length
  }
  return n
}

for (const [name, one] of [
  [
    'readBankNotification',
    (t: string) => {
      sink += readBankNotification(t, now)?.kind.length ?? 0
    },
  ],
  [
    'understand (whole path)',
    (t: string) => {
      sink += understand(t, { now }).kind.length
    },
  ],
] as const) {
  runFor(800, one)
  const cpu0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  const count = runFor(2500, one)
  const s = Number(process.hrtime.bigint() - t0) / 1e9
  const cpu = process.cpuUsage(cpu0)
  console.log(
    `${name}: ${Math.round(count / s).toLocaleString('en-US')} notifications/s wall clock, ${Math.round(count / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')} per CPU-second (${texts.length} texts)`,
  )
}
// For scale on a shared machine: typed messages (understand.bench's corpus) in the same process.
{
  const one = (t: string) => {
    sink += understand(t, { now }).kind.length
  }
  runFor(800, one, typed)
  const cpu0 = process.cpuUsage()
  const count = runFor(2500, one, typed)
  const cpu = process.cpuUsage(cpu0)
  console.log(
    `for scale, typed messages through understand: ${Math.round(count / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')} per CPU-second (${typed.length} texts)`,
  )
}
if (sink < 0) console.log(sink)
