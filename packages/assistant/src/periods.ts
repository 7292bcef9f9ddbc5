import type { IsoDate } from '@equilibrai/shared'
import { addDays, weekdayOf } from './dates.ts'

/**
 * Periods of days named in a question (issue 24), on the São Paulo calendar of the message:
 *
 *   'semana passada', 'última semana', 'semana anterior' → last Monday to last Sunday
 *   'essa semana', 'esta semana', 'nessa semana', 'semana atual' → this Monday to today
 *
 * and the bills due 'essa semana' (the next 7 days from today, today included).
 */

export type DayRange = { from: IsoDate; to: IsoDate }

/** How many days 'o que vence essa semana?' looks ahead. */
export const DUE_THIS_WEEK_DAYS = 7

const THIS = new Set(['essa', 'esta', 'nessa', 'nesta', 'dessa', 'desta'])
const LAST_AFTER = new Set(['passada', 'anterior'])

/** The Monday of the week holding `day`. */
export function mondayOf(day: IsoDate): IsoDate {
  return addDays(day, -((weekdayOf(day) + 6) % 7))
}

/** The week a message's folded words name, or null when they name none. */
export function weekNamed(words: readonly string[], today: IsoDate): DayRange | null {
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== 'semana') continue
    const before = i > 0 ? (words[i - 1] ?? '') : ''
    const after = words[i + 1] ?? ''
    if (LAST_AFTER.has(after) || before === 'ultima') {
      const monday = addDays(mondayOf(today), -7)
      return { from: monday, to: addDays(monday, 6) }
    }
    if (THIS.has(before) || after === 'atual') return { from: mondayOf(today), to: today }
  }
  return null
}

const DUE_WORDS = /\b(vence|vencem|vencendo|vencer|vencimentos?|contas?|boletos?)\b/
const THIS_WEEK = /\b(essa|esta|nessa|nesta|da|na) semana\b/

/** 'o que vence essa semana?', 'quais contas vencem esta semana', 'boletos da semana'. */
export function asksDueThisWeek(folded: string): boolean {
  return THIS_WEEK.test(folded) && DUE_WORDS.test(folded) && !/\d/.test(folded)
}
