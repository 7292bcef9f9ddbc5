/*
 * The high-spending rule (ADR 013): an expense is "far above the person's own usual" for its
 * category when, counting the ledger's entries of that category whose occurred_on falls in the
 * 90 days before the expense's own date (entries may be backdated; the account's age does not
 * matter):
 *
 * - there are at least MIN_HISTORY of them (too little history says nothing about "usual"),
 * - the expense is at least MIN_AMOUNT_CENTS (a R$ 40 lunch is never "high spending"),
 * - it is at least MEDIAN_FACTOR × their median (robust to the odd large purchase), and
 * - it is above the largest of them (a yearly-ish expense the person already had in the
 *   window, like the R$ 600 car service, is their usual, not an alarm).
 *
 * Tuned on a seeded realistic 6-month ledger (test: ordinary months send none, a clearly
 * unusual expense sends one).
 */

export const HIGH_SPENDING_RULE = {
  windowDays: 90,
  minHistory: 6,
  minAmountCents: 150_00,
  medianFactor: 3,
} as const

export type CategoryHistory = { count: number; medianCents: number; maxCents: number }

export function isHighSpending(amountCents: number, history: CategoryHistory): boolean {
  const rule = HIGH_SPENDING_RULE
  return (
    history.count >= rule.minHistory &&
    amountCents >= rule.minAmountCents &&
    amountCents >= rule.medianFactor * history.medianCents &&
    amountCents > history.maxCents
  )
}

/** The median of a list of amounts (the mean of the middle two for an even count). */
export function median(amounts: readonly number[]): number {
  if (amounts.length === 0) return 0
  const sorted = [...amounts].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}
