import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { insertUser } from '../test/ledger-fixtures.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { handleMessage } from '../src/assistant/assistant-service.ts'
import { percentile } from './bench-helpers.ts'

/**
 * Entries recorded per second through the assistant service (understand → limit claim →
 * insert → totals → reply, one transaction each, idempotent by message id), first one message
 * at a time, then with several people writing at once. Messages are varied pt-BR entries.
 */
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2_000)
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 8)

const TEXTS = [
  'gastei 45,90 no mercado',
  'uber 23,50 ontem',
  'almoço 32',
  'recebi 3.000 de salário',
  'farmácia 47,80 remédio',
  'R$ 1.234,56 aluguel',
  'padaria 12,50',
  'gasolina 200 no posto',
  'netflix 55,90',
  'pix do cliente 350',
]

const server = await startBenchServer()
try {
  const db = server.database.pool
  let seq = 0
  const send = (userId: string) => {
    const n = seq++
    return withTransaction(db, (tx) =>
      handleMessage(tx, {
        userId,
        text: TEXTS[n % TEXTS.length] as string,
        now: new Date(),
        source: 'whatsapp',
        messageId: `wamid.bench.${n}`,
        publicUrl: 'http://localhost',
      }),
    )
  }

  async function run(label: string, people: string[], total: number) {
    const times: number[] = []
    let recorded = 0
    const start = performance.now()
    await Promise.all(
      people.map(async (userId, i) => {
        const mine = Math.floor(total / people.length) + (i < total % people.length ? 1 : 0)
        for (let k = 0; k < mine; k++) {
          const t0 = performance.now()
          const { decision } = await send(userId)
          times.push(performance.now() - t0)
          if (decision.kind === 'entry') recorded++
        }
      }),
    )
    const seconds = (performance.now() - start) / 1000
    times.sort((a, b) => a - b)
    console.log(
      `  ${label.padEnd(26)} ${fmt(recorded / seconds).padStart(6)} entries/s   p50 ${fmt(percentile(times, 50), 1)} ms   p99 ${fmt(percentile(times, 99), 1)} ms   (${fmt(recorded)} entries)`,
    )
  }

  const warm = await insertUser(db, 'pf_simples')
  for (let i = 0; i < 100; i++) await send(warm)

  console.log('Entries recorded through the assistant service (handleMessage):')
  await run('1 person, one at a time', [await insertUser(db, 'pf_simples')], MESSAGES)
  const people = await Promise.all(
    Array.from({ length: PEOPLE }, () => insertUser(db, 'pf_simples')),
  )
  await run(`${PEOPLE} people at once`, people, MESSAGES)
} finally {
  await server.cleanup()
}
