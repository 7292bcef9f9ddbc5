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
