/**
 * Throughput and latency of `understand` on one core. Plain script, not a test: it prints
 * figures and exits 0; timings vary by machine and are never asserted.
 *
 *   npx tsx packages/assistant/bench/understand.bench.ts
 */
import { understand } from '../src/index.ts'
import { benchCorpus } from './corpus.ts'

const corpus = benchCorpus()
// A real stream's clock moves; one instant per message, a second apart, crossing São Paulo midnight.
const start = Date.parse('2026-11-19T02:00:00Z')
const instants = corpus.map((_, i) => new Date(start + i * 1000))
// The server passes the ledger's accounts with every message (ARCHITECTURE §9).
const accounts = [
  { id: 1, name: 'Conta principal', kind: 'checking', is_default: true, archived: false },
  { id: 2, name: 'Nubank', kind: 'credit_card', is_default: false, archived: false },
  { id: 3, name: 'Poupança', kind: 'savings', is_default: false, archived: false },
  { id: 4, name: 'Carteira', kind: 'cash', is_default: false, archived: false },
  { id: 5, name: 'Tesouro Direto', kind: 'investment', is_default: false, archived: false },
] as const
const withAccounts = process.env.BENCH_NO_ACCOUNTS !== '1'
const contexts = instants.map((now) => ({
  now,
  learnedWords: { boliche: 'lazer' as const },
  ...(withAccounts ? { accounts } : {}),
}))

let sink = 0
function runOnce(i: number): void {
  const d = understand(corpus[i] ?? '', contexts[i] ?? { now: new Date(start) })
  sink += d.kind.length
}

function runFor(ms: number): number {
  const until = performance.now() + ms
  let n = 0
  while (performance.now() < until) {
    for (let i = 0; i < corpus.length; i++) runOnce(i)
    n += corpus.length
  }
  return n
}

// Warm-up: let the JIT settle before measuring. Sized in CPU time, not wall time: on a loaded
// machine a second of wall clock gives this process a fraction of a CPU-second, and the
// optimizing compiler (on its own threads, whose time the CPU figure counts) would still be
// compiling the hot functions while throughput is measured.
const WARM_UP_CPU_SECONDS = 3
const cpuSeconds = () => {
  const c = process.cpuUsage()
  return (c.user + c.system) / 1e6
}
const warmFrom = cpuSeconds()
while (cpuSeconds() - warmFrom < WARM_UP_CPU_SECONDS) runFor(100)

// Throughput: whole corpus passes, timed as a batch. Wall time says what this machine did;
// CPU time says what one core does even when other processes share the machine.
const cpu0 = process.cpuUsage()
const t0 = process.hrtime.bigint()
const count = runFor(3000)
const elapsedNs = Number(process.hrtime.bigint() - t0)
const cpu = process.cpuUsage(cpu0)
const perSecond = count / (elapsedNs / 1e9)
const perCpuSecond = count / ((cpu.user + cpu.system) / 1e6)

// Latency: each message timed on its own.
const samples: number[] = []
const until = performance.now() + 1500
while (performance.now() < until) {
  for (let i = 0; i < corpus.length; i++) {
    const a = process.hrtime.bigint()
    runOnce(i)
    samples.push(Number(process.hrtime.bigint() - a))
  }
}
samples.sort((x, y) => x - y)
const pct = (p: number) =>
  (samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? 0) / 1000

console.log(
  `corpus: ${corpus.length} messages, ${withAccounts ? `${accounts.length} accounts` : 'no accounts'}`,
)
console.log(
  `throughput: ${Math.round(perSecond).toLocaleString('en-US')} messages/s wall clock (${count.toLocaleString('en-US')} in ${(elapsedNs / 1e9).toFixed(2)} s)`,
)
console.log(
  `            ${Math.round(perCpuSecond).toLocaleString('en-US')} messages per CPU-second (process CPU time, one thread running)`,
)
console.log(
  `latency per message: p50 ${pct(50).toFixed(2)} µs, p99 ${pct(99).toFixed(2)} µs, max ${pct(100).toFixed(1)} µs (${samples.length.toLocaleString('en-US')} samples)`,
)
if (sink < 0) console.log(sink)
