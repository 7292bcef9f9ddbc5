import { addMonths, lastDayOfMonth } from '@equilibrai/shared'

/** `2026-02-28` + 1 day → `2026-03-01`, on the calendar (no time zone involved). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * The days a card's bill holds (ARCHITECTURE §9): after the previous closing day up to and
 * including this bill's closing day `closesOn`; a closing day past a month's end is its last day.
 */
export function billPeriod(closesOn: string, closingDay: number): { from: string; to: string } {
  const previousMonth = addMonths(closesOn.slice(0, 7), -1)
  const day = Math.min(closingDay, lastDayOfMonth(previousMonth))
  const previousClose = `${previousMonth}-${String(day).padStart(2, '0')}`
  return { from: nextDay(previousClose), to: closesOn }
}
