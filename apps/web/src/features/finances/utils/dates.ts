import { isRealDate, saoPauloDate } from '@equilibrai/shared'

// The month helpers (currentMonth, isMonth, monthTitle) are the web's, in '@/lib/month'.

/** The default date of a new entry: today when looking at this month, else the month's 1st. */
export function defaultEntryDate(month: string, now = new Date()): string {
  const today = saoPauloDate(now)
  return today.startsWith(month) ? today : `${month}-01`
}

/** `2026-11-05` → `05/11/2026`; anything else as given. */
export function formatIsoDate(date: string): string {
  return isRealDate(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date
}
