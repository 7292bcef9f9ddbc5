import { saoPauloDate } from '@equilibrai/shared'

// The month helpers (currentMonth, isMonth, monthTitle) are the web's, in '@/lib/month';
// formatIsoDate is in '@/lib/iso-date'.

/** The default date of a new entry: today when looking at this month, else the month's 1st. */
export function defaultEntryDate(month: string, now = new Date()): string {
  const today = saoPauloDate(now)
  return today.startsWith(month) ? today : `${month}-01`
}
