import { addDays, saoPauloToday, weekdayOf } from '@equilibrai/assistant'

/** The Monday–Sunday week before the São Paulo day of `now` ('the week that ended'). */
export function previousWeek(now: Date): { from: string; to: string } {
  const today = saoPauloToday(now)
  // weekdayOf: 0 = Sunday … 6 = Saturday. This week's Monday, then 7 days back.
  const sinceMonday = (weekdayOf(today) + 6) % 7
  const thisMonday = addDays(today, -sinceMonday)
  return { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) }
}

/** The 7 days ending today in São Paulo ('relatório da semana'). */
export function lastSevenDays(now: Date): { from: string; to: string } {
  const today = saoPauloToday(now)
  return { from: addDays(today, -6), to: today }
}
