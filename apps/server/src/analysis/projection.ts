/*
 * The end-of-month projection (ARCHITECTURE §8 "from the current pace"), per category, pure so
 * it is tested on its own figures. `day` is today's day of the month in São Paulo (1-based,
 * today counted as elapsed), `daysInMonth` the month's length.
 *
 *   steady categories (more than one entry a month on average over the last 3 months, or no
 *   history): projected = round(soFar × daysInMonth ÷ day) + future
 *       the pace so far (entries dated up to today), stretched over the whole month, plus what
 *       is already recorded for later days of the month (entries dated ahead);
 *   once-a-month categories (at most one entry a month on average, with a non-zero average —
 *   salário, aluguel): projected = max(soFar + future, average3m)
 *       a salary that came on the 5th does not come six times; one that has not come yet is
 *       expected at its usual size.
 *
 * The month's projection is the sum of its categories', per type; balance = income − expense.
 */

export type CategoryPace = {
  /** Entries of this month dated up to today. */
  soFarCents: number
  /** Entries of this month dated after today. */
  futureCents: number
  /** Mean of the 3 months before this one (months without entries count as 0). */
  average3mCents: number
  /** Mean number of entries a month over those 3 months. */
  averageEntries3m: number
}

export function projectCategory(
  pace: CategoryPace,
  { day, daysInMonth }: { day: number; daysInMonth: number },
): number {
  const thisMonth = pace.soFarCents + pace.futureCents
  if (pace.average3mCents > 0 && pace.averageEntries3m <= 1) {
    return Math.max(thisMonth, pace.average3mCents)
  }
  return Math.round((pace.soFarCents * daysInMonth) / day) + pace.futureCents
}

/** (value − base) × 100 ÷ base, rounded; null without a base. */
export function changePct(value: number, base: number): number | null {
  if (base <= 0) return null
  return Math.round(((value - base) * 100) / base)
}
