import { MONTH_NAMES_PT_BR, monthLabel, saoPauloMonth } from '@equilibrai/shared'

// Calendar arithmetic and the month's name are packages/shared's (addMonths, monthRange,
// monthLabel); this file keeps what only the reports page words.

/** `YYYY-MM` of today in São Paulo. */
export function currentMonth(now = new Date()): string {
  return saoPauloMonth(now)
}

export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
}

/** `outubro`. */
export function monthShortName(month: string): string {
  return MONTH_NAMES_PT_BR[Number(month.slice(5, 7))] ?? month
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
