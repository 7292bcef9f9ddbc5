import type { IsoDate } from '@equilibrai/shared'
import { analyze } from './analysis.ts'
import { type DateDirection, resolveDate, saoPauloToday } from './dates.ts'

/**
 * The date a message names, resolved in `direction` from the São Paulo day of `now` (today
 * when it names none); null for a date that does not exist ('31/04'). The date reader on its
 * own, for callers and property tests.
 */
export function findDate(text: string, now: Date, direction: DateDirection): IsoDate | null {
  const today = saoPauloToday(now)
  const first = analyze(text).dates[0]
  if (first === undefined) return today
  return first.expr === null ? null : resolveDate(first.expr, today, direction)
}
