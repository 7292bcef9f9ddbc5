import { isRealDate, monthLabel, saoPauloDate, saoPauloMonth } from '@equilibrai/shared'

/** `YYYY-MM` of today in São Paulo (the business's calendar, whatever the phone's zone). */
export function currentMonth(now = new Date()): string {
  return saoPauloMonth(now)
}

export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
}

/** `Novembro de 2026`, for a heading. */
export function monthTitle(month: string): string {
  const label = monthLabel(month)
  return label.charAt(0).toLocaleUpperCase('pt-BR') + label.slice(1)
}

/** The default date of a new entry: today when looking at this month, else the month's 1st. */
export function defaultEntryDate(month: string, now = new Date()): string {
  const today = saoPauloDate(now)
  return today.startsWith(month) ? today : `${month}-01`
}

/** `2026-11-05` → `05/11/2026`; anything else as given. */
export function formatIsoDate(date: string): string {
  return isRealDate(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date
}
