import { isRealDate, saoPauloDate, saoPauloMonth } from '@equilibrai/shared'

/** `YYYY-MM` of today in São Paulo (the business's calendar, whatever the phone's zone). */
export function currentMonth(now = new Date()): string {
  return saoPauloMonth(now)
}

export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
}

/** `2026-11` ± n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const index = y * 12 + (m - 1) + n
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** First and last calendar day of a month, `YYYY-MM-DD`. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` }
}

const monthName = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `novembro de 2026`. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return monthName.format(new Date(Date.UTC(y, m - 1, 15)))
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
