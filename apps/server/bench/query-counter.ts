import pg from 'pg'
import { startWorkerProfile, stopWorkerProfile } from './worker-profile.ts'

/*
 * Bench-only: counts every statement this process sends to PostgreSQL (the server's pool and
 * graphile-worker's, which share pg.Client), by statement, between start() and stop(). One
 * client.query() is one round trip (the pg driver sends one statement per exchange), so the
 * total divided by the messages handled is the round trips a message costs.
 */

type Tally = Map<string, number>

let tally: Tally | null = null
const original = pg.Client.prototype.query

/**
 * Labels by statement text: the same texts come back thousands of times, and collapsing each
 * one's whitespace again was ~2 % of the worker's CPU in the burst — the bench's own cost,
 * counted as the worker's in its CPU per message.
 */
const labels = new Map<string, string>()

/** The statement's first words, whitespace collapsed: enough to tell statements apart. */
function label(arg: unknown): string {
  const config = arg as { name?: string; text?: string } | string
  const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?')
  const known = labels.get(text)
  if (known !== undefined) return known
  const flat = text.replace(/\s+/g, ' ').trim()
  const made = flat.length > 110 ? `${flat.slice(0, 107)}...` : flat
  if (labels.size < 10_000) labels.set(text, made)
  return made
}

function install() {
  const patched = function (this: pg.Client, ...args: unknown[]) {
    if (tally) {
      const key = label(args[0])
      tally.set(key, (tally.get(key) ?? 0) + 1)
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  }
  pg.Client.prototype.query = patched as typeof original
}
install()

export function startCounting(): void {
  tally = new Map()
}

/** The statements counted since startCounting, most frequent first. */
export function stopCounting(): Array<{ statement: string; count: number }> {
  const counted = tally ?? new Map()
  tally = null
  return [...counted.entries()]
    .map(([statement, count]) => ({ statement, count }))
    .sort((a, b) => b.count - a.count)
}

/** Prints the total per message and the statements that cost at least 0.05 each. */
export function printPerMessage(
  counted: Array<{ statement: string; count: number }>,
  messages: number,
  fmt: (n: number, digits?: number) => string,
): void {
  const total = counted.reduce((sum, c) => sum + c.count, 0)
  console.log(
    `  round trips to PostgreSQL: ${fmt(total / messages, 1)} per message (${fmt(total)} for ${fmt(messages)} messages)`,
  )
  for (const { statement, count } of counted) {
    if (count / messages < 0.05) continue
    console.log(`    ${fmt(count / messages, 2).padStart(6)}  ${statement}`)
  }
}

/*
 * In a child process forked with `--import` of this file (the bench's worker process), the parent
 * drives the count over IPC: 'count:start', then 'count:stop' answers with the statements
 * (and, with BENCH_PROFILE_WORKER, the worker's CPU profile of the same span: worker-profile.ts).
 */
if (process.send) {
  process.on('message', async (message) => {
    if (message === 'count:start') {
      startCounting()
      await startWorkerProfile()
    }
    if (message === 'count:stop') {
      const counted = stopCounting()
      // The profile is written before the answer, so the bench cannot stop the worker first.
      await stopWorkerProfile()
      process.send?.({ counted })
    }
  })
}

/** Merges counts of several processes. */
export function mergeCounts(
  ...lists: Array<Array<{ statement: string; count: number }>>
): Array<{ statement: string; count: number }> {
  const merged = new Map<string, number>()
  for (const list of lists) {
    for (const { statement, count } of list)
      merged.set(statement, (merged.get(statement) ?? 0) + count)
  }
  return [...merged.entries()]
    .map(([statement, count]) => ({ statement, count }))
    .sort((a, b) => b.count - a.count)
}
