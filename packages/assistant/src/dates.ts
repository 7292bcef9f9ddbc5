import { type IsoDate, saoPauloDate } from '@equilibrai/shared'

/**
 * The São Paulo calendar: resolving a date expression (date-reader.ts reads them from text) to
 * a day. Calendar arithmetic runs on UTC day numbers, so neither the server's TZ nor DST can
 * shift a day; the only time-zone step is turning the message's instant into a São Paulo date
 * (Intl).
 */

export type DateExpr =
  | { kind: 'relative'; days: number } // hoje 0, ontem -1, anteontem -2, amanhã +1
  | { kind: 'day'; day: number } // dia 15
  | { kind: 'day_month'; day: number; month: number } // 15/11, 15 de novembro
  | { kind: 'full'; day: number; month: number; year: number } // 15/11/2026, 15/11/26
  | { kind: 'weekday'; weekday: number } // 0 domingo … 6 sábado

/** Entries look back (the most recent such day); due dates look ahead (the next one). */
export type DateDirection = 'backward' | 'forward'

const DAY_MS = 86_400_000

function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS
}

/** The proleptic Gregorian date of a UTC day number (days since 1970-01-01), without a Date. */
function isoFromDayNumber(n: number): IsoDate {
  const z = n + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return iso(yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
}

function digitsAt(date: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) n = n * 10 + (date.charCodeAt(i) - 48)
  return n
}

function parts(date: IsoDate): [number, number, number] {
  return [digitsAt(date, 0, 4), digitsAt(date, 5, 7), digitsAt(date, 8, 10)]
}

/** The UTC day number of an ISO date, read in place (no array of its parts). */
function dayNumberOf(date: IsoDate): number {
  return dayNumber(digitsAt(date, 0, 4), digitsAt(date, 5, 7), digitsAt(date, 8, 10))
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

export function daysInMonth(year: number, month: number): number {
  // The calendar's own rule, no Date: years from 100 on (Date reads 0–99 as 1900–1999).
  if (
    Number.isInteger(year) &&
    year >= 100 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12
  ) {
    if (month !== 2) return MONTH_DAYS[month - 1] ?? 31
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  }
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

// The days a week around the last date asked about ('ontem', 'sexta'), worked out once: most
// messages name a day close to today, and today changes once a day.
const NEAR = 7
let nearFrom: IsoDate = ''
const nearDays: (IsoDate | undefined)[] = new Array(2 * NEAR + 1)

export function addDays(date: IsoDate, days: number): IsoDate {
  if (days === 0) return date
  if (days < -NEAR || days > NEAR) return isoFromDayNumber(dayNumberOf(date) + days)
  if (date !== nearFrom) {
    nearDays.fill(undefined)
    nearFrom = date
  }
  let found = nearDays[days + NEAR]
  if (found === undefined) {
    found = isoFromDayNumber(dayNumberOf(date) + days)
    nearDays[days + NEAR] = found
  }
  return found
}

/** 0 = domingo … 6 = sábado. */
export function weekdayOf(date: IsoDate): number {
  // 1970-01-01, day 0, was a Thursday (4).
  return (((dayNumberOf(date) + 4) % 7) + 7) % 7
}

function iso(year: number, month: number, day: number): IsoDate {
  const mm = month < 10 ? `0${month}` : `${month}`
  const dd = day < 10 ? `0${day}` : `${day}`
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${mm}-${dd}`
}

// São Paulo's offset has always been a whole number of hours, so its calendar day only turns
// on a UTC hour boundary: one Intl call per hour of message time is enough. A message stream
// is mostly "now", so one remembered hour serves nearly every call.
let cachedHour = Number.NaN
let cachedDate: IsoDate = ''

/** The São Paulo calendar day of an instant. */
export function saoPauloToday(now: Date): IsoDate {
  const hour = Math.floor(now.getTime() / 3_600_000)
  if (hour !== cachedHour) {
    cachedDate = saoPauloDate(now)
    cachedHour = hour
  }
  return cachedDate
}

/**
 * The calendar day an expression names, seen from `today`. Backward: the most recent such day
 * not after today; forward: the next such day from today on (today counts). A day that a month
 * lacks ('dia 31' in November) moves to the nearest month that has it in that direction.
 * Null when no such day exists (31/04, 29/02/2027, month 13).
 */
export function resolveDate(
  expr: DateExpr,
  today: IsoDate,
  direction: DateDirection,
): IsoDate | null {
  const step = direction === 'backward' ? -1 : 1
  switch (expr.kind) {
    case 'relative':
      return addDays(today, expr.days)
    case 'weekday': {
      if (expr.weekday < 0 || expr.weekday > 6) return null
      const w = weekdayOf(today)
      const diff =
        direction === 'backward' ? -((w - expr.weekday + 7) % 7) : (expr.weekday - w + 7) % 7
      return addDays(today, diff)
    }
    case 'day': {
      if (!Number.isInteger(expr.day) || expr.day < 1 || expr.day > 31) return null
      let year = digitsAt(today, 0, 4)
      let month = digitsAt(today, 5, 7)
      const d = digitsAt(today, 8, 10)
      // This month, if the day is on the right side of today; else start from the next month over.
      const sameMonthOk = direction === 'backward' ? expr.day <= d : expr.day >= d
      if (!sameMonthOk) [year, month] = shiftMonth(year, month, step)
      // Every day 1..31 exists within any 2 consecutive months, so a few steps always suffice.
      for (let i = 0; i < 3; i++) {
        if (expr.day <= daysInMonth(year, month)) return iso(year, month, expr.day)
        ;[year, month] = shiftMonth(year, month, step)
      }
      return null
    }
    case 'day_month': {
      if (!validDayMonth(expr.day, expr.month)) return null
      const y = digitsAt(today, 0, 4)
      const m = digitsAt(today, 5, 7)
      const d = digitsAt(today, 8, 10)
      const onOrBefore = expr.month < m || (expr.month === m && expr.day <= d)
      const onOrAfter = expr.month > m || (expr.month === m && expr.day >= d)
      let year = direction === 'backward' ? (onOrBefore ? y : y - 1) : onOrAfter ? y : y + 1
      // 29/02 waits for a leap year; eight years always reach one.
      for (let i = 0; i < 9; i++) {
        if (expr.day <= daysInMonth(year, expr.month)) return iso(year, expr.month, expr.day)
        year += step
      }
      return null
    }
    case 'full': {
      const { day, month, year } = expr
      if (!validDayMonth(day, month) || year < 1900 || year > 2200) return null
      return day <= daysInMonth(year, month) ? iso(year, month, day) : null
    }
  }
}

export function validDayMonth(day: number, month: number): boolean {
  if (!Number.isInteger(day) || !Number.isInteger(month)) return false
  if (month < 1 || month > 12 || day < 1) return false
  // February can have 29 (in a leap year); the month's own maximum otherwise (2024 is leap).
  return day <= daysInMonth(2024, month)
}

function shiftMonth(year: number, month: number, step: number): [number, number] {
  const index = year * 12 + (month - 1) + step
  return [Math.floor(index / 12), (index % 12) + 1]
}

/** `YYYY-MM` of the month `offset` months away from the month of `today`. */
export function monthOffset(today: IsoDate, offset: number): string {
  const [y, m] = parts(today)
  const [year, month] = shiftMonth(y, m, offset)
  return `${year}-${String(month).padStart(2, '0')}`
}

/** The most recent month `month` (1..12) not after the month of `today`, as `YYYY-MM`. */
export function recentMonth(today: IsoDate, month: number): string {
  const [y, m] = parts(today)
  const year = month <= m ? y : y - 1
  return `${year}-${String(month).padStart(2, '0')}`
}

/**
 * The same day `months` months after `date`, or the month's last day when it is shorter
 * (31/01 + 1 month is 28/02 or 29/02): how installments fall.
 */
export function addMonthsClamped(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date)
  const [year, month] = shiftMonth(y, m, months)
  return iso(year, month, Math.min(d, daysInMonth(year, month)))
}
