import { MONTH_NAMES_PT_BR, monthLabel, saoPauloMonth } from '@equilibrai/shared'

// The web's month helpers, for every page with a month in its URL (?mes=): finances, reports,
// team. Calendar arithmetic and the month's name are packages/shared's (addMonths, monthRange,
// lastDayOfMonth, monthLabel, MONTH_NAMES_PT_BR); here only what the pages add to them.

/** `YYYY-MM` of today in São Paulo (the business's calendar, whatever the phone's zone). */
export function currentMonth(now = new Date()): string {
  return saoPauloMonth(now)
}

/** Whether a `?mes=` value is a `YYYY-MM` month. */
export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
}

/** `Novembro de 2026`, for a heading. */
export function monthTitle(month: string): string {
  const label = monthLabel(month)
  return label.charAt(0).toLocaleUpperCase('pt-BR') + label.slice(1)
}

/** `outubro`. */
export function monthShortName(month: string): string {
  return MONTH_NAMES_PT_BR[Number(month.slice(5, 7))] ?? month
}
