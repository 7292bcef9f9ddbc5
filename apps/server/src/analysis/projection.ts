/*
 * The end-of-month projection (ARCHITECTURE §8 "from the current pace"), per category, pure so
 * it is tested on its own figures. `day` is today's day of the month in São Paulo (1-based,
 * today counted as elapsed), `daysInMonth` the month's length.
 *
 * Only what comes back is projected (issue 26: a one-off income was projected as if it came
 * every few days):
 *   income:   projected = soFar + future + scheduled
 *       what came in, what is already recorded for later days, and the recurring incomes
 *       (recurring_entries) still due this month. An income is never stretched by a pace: a
 *       sale or a salary that came once does not come again because the month goes on;
 *   expense:  projected = round(paceSoFar × daysInMonth ÷ day) + fixedSoFar + future + scheduled
 *       day-to-day spending (entries dated up to today that no recurring rule or bill payment
 *       recorded) stretched over the whole month at its pace; plus the entries a recurring rule
 *       or a bill payment recorded (fixed: they come once a month), what is recorded for later
 *       days, and the recurring expenses and unpaid bills still due this month.
 *
 * The month's projection is the sum of its categories', per type; balance = income − expense.
 */

export type CategoryPace = {
  type: 'income' | 'expense'
  /** Entries of this month dated up to today. */
  soFarCents: number
  /** Of those, the ones a recurring rule or a bill payment recorded. */
  fixedSoFarCents: number
  /** Entries of this month dated after today. */
  futureCents: number
  /** Recurring entries and unpaid bills due from today to the month's end, not recorded yet. */
  scheduledCents: number
}

export function projectCategory(
  pace: CategoryPace,
  { day, daysInMonth }: { day: number; daysInMonth: number },
): number {
  const known = pace.futureCents + pace.scheduledCents
  if (pace.type === 'income') return pace.soFarCents + known
  const variable = pace.soFarCents - pace.fixedSoFarCents
  return Math.round((variable * daysInMonth) / day) + pace.fixedSoFarCents + known
}

/** (value − base) × 100 ÷ base, rounded; null without a base. */
export function changePct(value: number, base: number): number | null {
  if (base <= 0) return null
  return Math.round(((value - base) * 100) / base)
}
