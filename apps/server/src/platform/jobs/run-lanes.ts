/*
 * Lanes of the daily runs (ADR 027, 2026-11-26): a run's pages split into disjoint sets of
 * ledgers (ledger id modulo the number of lanes), run side by side, each on its own connection,
 * so both cores of a small machine work on the run. A ledger (and its owner: one ledger per
 * owner) stays in one lane, so two lanes never wait on each other's rows (the subscriber's
 * counter, the ledger's totals).
 */

/** Lanes per daily run: one per core of the machine the benchmark targets (2). */
export const DAILY_RUN_LANES = 2

/**
 * Runs `run` once per lane, at the same time, and returns their results in lane order. Every
 * lane is waited for, also when one fails (then the first failure is thrown), so a retried job
 * never overlaps what is left of the failed one.
 */
export async function inLanes<T>(run: (lane: number, lanes: number) => Promise<T>): Promise<T[]> {
  const settled = await Promise.allSettled(
    Array.from({ length: DAILY_RUN_LANES }, (_, lane) => run(lane, DAILY_RUN_LANES)),
  )
  const failed = settled.find((s) => s.status === 'rejected')
  if (failed) throw failed.reason
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value)
}

/** The lanes' counters added up, field by field (every lane returns the same fields). */
export function sumLanes<T extends Record<string, number>>(runs: readonly T[]): T {
  const total = { ...runs[0] } as Record<string, number>
  for (const run of runs.slice(1))
    for (const key in total) total[key] = (total[key] ?? 0) + (run[key] ?? 0)
  return total as T
}
