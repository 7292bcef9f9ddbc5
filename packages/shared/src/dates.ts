/** The business runs on São Paulo time, whatever the server's TZ is. */
export const TIME_ZONE = 'America/Sao_Paulo'

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day in São Paulo at the instant `at`. */
export function saoPauloDate(at: Date): IsoDate {
  return isoDay.format(at)
}

/** `YYYY-MM` of the São Paulo calendar month at the instant `at`. */
export function saoPauloMonth(at: Date): string {
  return saoPauloDate(at).slice(0, 7)
}

const ptBrDate = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE })

/** `22/11/2026` for an instant or an ISO timestamp, in São Paulo time. */
export function formatDatePtBR(at: Date | string): string {
  return ptBrDate.format(typeof at === 'string' ? new Date(at) : at)
}

/** `2026-11-05` → `05/11`. */
export function formatDayMonth(date: IsoDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`
}

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isRealDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const utc = new Date(Date.UTC(y, mo - 1, d))
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === mo - 1 && utc.getUTCDate() === d
}

/** `YYYY-MM` ± n calendar months: `2026-11` + 2 → `2027-01`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const index = y * 12 + (m - 1) + n
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The last day of `YYYY-MM` (its number of days). */
export function lastDayOfMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** First and last calendar day of a month, `YYYY-MM-DD`. */
export function monthRange(month: string): { from: IsoDate; to: IsoDate } {
  const last = lastDayOfMonth(month)
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` }
}

/** pt-BR month names, index 1..12. */
export const MONTH_NAMES_PT_BR = [
  '',
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const

/** `2026-11` → `novembro de 2026` (anything else as given): the web and the assistant alike. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month)
  const name = m ? MONTH_NAMES_PT_BR[Number(m[2])] : undefined
  return m && name ? `${name} de ${m[1]}` : month
}
