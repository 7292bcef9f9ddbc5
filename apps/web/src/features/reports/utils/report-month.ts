import { saoPauloMonth } from '@equilibrai/shared'

/** `YYYY-MM` of today in São Paulo. */
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

/** First and last day of a month. */
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
const shortMonth = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' })

const dateOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 1, 15))
}

/** `novembro de 2026`. */
export function monthLabel(month: string): string {
  return monthName.format(dateOf(month))
}

/** `outubro`. */
export function monthShortName(month: string): string {
  return shortMonth.format(dateOf(month))
}

/** `Novembro de 2026`. */
export function monthTitle(month: string): string {
  const label = monthLabel(month)
  return label.charAt(0).toLocaleUpperCase('pt-BR') + label.slice(1)
}

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
})

/** The change from `previous` to `current`: '+15 %', '−5 %', or null when there is no base. */
export function changePercent(current: number, previous: number): string | null {
  if (previous === 0) return null
  return percent.format((current - previous) / previous)
}

/** Share of a whole, '12 %'. */
export function share(part: number, whole: number): string {
  return whole > 0
    ? new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(
        part / whole,
      )
    : '0 %'
}
