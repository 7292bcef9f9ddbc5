/*
 * The high-spending rule (ADR 013). An expense is "far above the person's own usual" for its
 * category when, looking at the ledger's other expenses of that category by their occurred_on
 * (entries may be backdated; the account's age does not matter), up to the expense's own date:
 *
 * - there are at least MIN_HISTORY of them in the last 90 days (too little history says nothing
 *   about "usual"),
 * - the expense is at least R$ 150,00 (a R$ 40 lunch is never "high spending"),
 * - it is at least 3 × the median of the last 90 days (robust to the odd large purchase), and
 * - it is at least 2 × the largest of the last 180 days (what comes every few months — the
 *   doctor, the car service, the quarterly bill — is their usual, not an alarm).
 *
 * Tuned on 300 seeded realistic 6-month ledgers (test/realistic-ledger.ts, high-spending.test.ts):
 * an ordinary month alerts for about 3 % of people (a 3-sigma bar tab), and a clearly unusual
 * expense (a R$ 4.500 TV, a R$ 2.800 trip, a R$ 900 dinner) alerts for more than 99 %.
 */

export const HIGH_SPENDING_RULE = {
  medianWindowDays: 90,
  maxWindowDays: 180,
  minHistory: 4,
  minAmountCents: 150_00,
  medianFactor: 3,
  maxFactor: 2,
} as const

export type CategoryHistory = {
  /** Expenses of the category in the last 90 days, and their median. */
  count: number
  medianCents: number
  /** The largest expense of the category in the last 180 days (0: none). */
  maxCents: number
}

export function isHighSpending(amountCents: number, history: CategoryHistory): boolean {
  const rule = HIGH_SPENDING_RULE
  return (
    history.count >= rule.minHistory &&
    amountCents >= rule.minAmountCents &&
    amountCents >= rule.medianFactor * history.medianCents &&
    amountCents >= rule.maxFactor * history.maxCents
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

/** The history of `category` before an expense dated `on`, from a list of entries (tests, tools). */
export function historyOf(
  entries: readonly { amount_cents: number; category: string; occurred_on: string }[],
  category: string,
  on: string,
): CategoryHistory {
  const day = Date.parse(on)
  const age = (d: string) => (day - Date.parse(d)) / 86_400_000
  const same = entries.filter((e) => e.category === category && age(e.occurred_on) >= 0)
  const recent = same
    .filter((e) => age(e.occurred_on) <= HIGH_SPENDING_RULE.medianWindowDays)
    .map((e) => e.amount_cents)
  const longer = same
    .filter((e) => age(e.occurred_on) <= HIGH_SPENDING_RULE.maxWindowDays)
    .map((e) => e.amount_cents)
  return {
    count: recent.length,
    medianCents: median(recent),
    maxCents: longer.length ? Math.max(...longer) : 0,
  }
}
