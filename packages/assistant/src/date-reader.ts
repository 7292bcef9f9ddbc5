import { type DateExpr, validDayMonth } from './dates.ts'
import { NUM, Role, SYM, type Token, WORD, wordAt } from './tokens.ts'
import { MONTHS, NOT_WEEKDAY_AFTER, WEEKDAYS } from './vocabulary.ts'
import { A, addFlag } from './word-flags.ts'

/**
 * Reads dates out of a message's tokens ('ontem', 'dia 15', '15/11', 'sexta passada', 'vence
 * 10') and marks their tokens DATE, so no date number is ever read as money.
 */

export type DateMatch = {
  /** null for a date-shaped text that names no real day (33/13). */
  expr: DateExpr | null
  first: number
  last: number
  /**
   * Said to be still to come ('amanhã', 'próxima segunda', 'sexta que vem', 'mês que vem'):
   * an entry with such a date has not happened yet.
   */
  ahead?: true
  /** No particular day ('semana que vem', 'mês que vem'): only `ahead` is meaningful. */
  vague?: true
}

/** A month named with its year ('10/2026'), for summaries. */
export type MonthMatch = { month: number; year: number; first: number; last: number }

const YEAR_SHAPE = /^(\d{2}|\d{4})$/

/** A one- or two-digit plain integer token (no separators), or -1. */
function smallInt(tokens: readonly Token[], i: number): number {
  const t = tokens[i]
  if (t === undefined || t.kind !== NUM || t.text.length > 2) return -1
  const a = t.text.charCodeAt(0) - 48
  if (t.text.length === 1) return a
  const b = t.text.charCodeAt(1) - 48
  // A 2-character number token can be ',5' or '.5'; only two digits count.
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

/** Tokens i and i+1 touch (no whitespace between). */
function touching(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1]
  return next !== undefined && !next.spaced
}

function isSym(tokens: readonly Token[], i: number, sym: string): boolean {
  const t = tokens[i]
  return t !== undefined && t.kind === SYM && t.text === sym
}

function toYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text)
}

/**
 * Reads `dd/mm`, `dd/mm/yy(yy)` starting at token i. Returns the index of the last token used
 * and the expression, or null when the tokens there are not slash-separated numbers.
 */
function readSlashDate(
  tokens: readonly Token[],
  i: number,
): { expr: DateExpr | null; last: number } | null {
  const day = smallInt(tokens, i)
  if (day < 0 || !touching(tokens, i) || !isSym(tokens, i + 1, '/') || !touching(tokens, i + 1)) {
    return null
  }
  const month = smallInt(tokens, i + 2)
  if (month < 0) return null
  if (touching(tokens, i + 2) && isSym(tokens, i + 3, '/') && touching(tokens, i + 3)) {
    const yearToken = tokens[i + 4]
    if (yearToken !== undefined && yearToken.kind === NUM && YEAR_SHAPE.test(yearToken.text)) {
      const year = toYear(yearToken.text)
      return {
        expr: validDayMonth(day, month) ? { kind: 'full', day, month, year } : null,
        last: i + 4,
      }
    }
  }
  return { expr: validDayMonth(day, month) ? { kind: 'day_month', day, month } : null, last: i + 2 }
}

/** Reads '[de] novembro [de 2026]' starting at token i (after a day number). */
function readMonthName(
  tokens: readonly Token[],
  i: number,
): { month: number; year: number; last: number } | null {
  let j = i
  if (wordAt(tokens, j) === 'de') j++
  const month = MONTHS.get(wordAt(tokens, j))
  if (month === undefined) return null
  let year = 0
  let last = j
  const k = wordAt(tokens, j + 1) === 'de' ? j + 2 : j + 1
  const yearToken = tokens[k]
  if (yearToken !== undefined && yearToken.kind === NUM && /^\d{4}$/.test(yearToken.text)) {
    year = Number(yearToken.text)
    last = k
  }
  return { month, year, last }
}

function dayWithMonth(day: number, month: number, year: number): DateExpr | null {
  if (!validDayMonth(day, month)) return null
  return year > 0 ? { kind: 'full', day, month, year } : { kind: 'day_month', day, month }
}

const DUE_WORDS = new Set(['vence', 'vencem', 'vencimento', 'vencendo', 'vencer'])
const WEEKDAY_LEADS = new Set([
  'ultima',
  'ultimo',
  'proxima',
  'proximo',
  'nessa',
  'nesta',
  'essa',
  'esta',
])
const WEEKDAY_TAILS = new Set(['passada', 'passado', 'retrasada', 'retrasado', 'agora'])

const DATE_STARTS = new Set([
  'hoje',
  'hj',
  'ontem',
  'anteontem',
  'amanha',
  'antes',
  'depois',
  'dia',
  'semana',
  'mes',
  'ano',
  'proxima',
  'proximo',
  ...DUE_WORDS,
  ...WEEKDAYS.keys(),
])
addFlag('a', A.DATE_START, DATE_STARTS)

function mark(tokens: Token[], first: number, last: number): void {
  for (let k = first; k <= last; k++) {
    const t = tokens[k]
    if (t !== undefined) t.role = Role.DATE
  }
}

function addDate(
  found: DateMatch[],
  tokens: Token[],
  expr: DateExpr | null,
  first: number,
  last: number,
  ahead = false,
  vague = false,
): void {
  mark(tokens, first, last)
  const match: DateMatch = { expr, first, last }
  if (ahead) match.ahead = true
  if (vague) match.vague = true
  found.push(match)
}

const NEXT_WORDS = new Set(['proxima', 'proximo'])
const PERIODS = new Map([
  ['semana', 7],
  ['mes', 30],
  ['ano', 365],
])

/** 'que vem' right after token i. */
function queVem(tokens: readonly Token[], i: number): boolean {
  return wordAt(tokens, i + 1) === 'que' && wordAt(tokens, i + 2) === 'vem'
}

/**
 * Finds every date in the message, marks its tokens DATE (so '15' in '15/11' is never money)
 * and returns them in order. Tokens already claimed by another pass are skipped.
 */
export function readDates(tokens: Token[]): DateMatch[] {
  const found: DateMatch[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined || t.role !== Role.FREE) continue
    if (t.kind === NUM) {
      if (wordAt(tokens, i - 1) === 'parcela' || wordAt(tokens, i - 1) === 'parcelas') continue
      const slash = readSlashDate(tokens, i)
      if (slash) {
        addDate(found, tokens, slash.expr, i, slash.last)
        i = slash.last
        continue
      }
      if (isMonthYear(tokens, i)) {
        // '10/2026' names a month (summaries read it); it is no day, and no money either.
        mark(tokens, i, i + 2)
        i += 2
        continue
      }
      const day = smallInt(tokens, i)
      if (day >= 1 && day <= 31) {
        const named = readMonthName(tokens, i + 1)
        if (named) {
          addDate(found, tokens, dayWithMonth(day, named.month, named.year), i, named.last)
          i = named.last
        }
      }
      continue
    }
    if (t.kind !== WORD) continue
    const w = t.text
    // The word's own bits (looked up at tokenizing) rule out those that start no date.
    if ((t.info.a & A.DATE_START) === 0) continue
    switch (w) {
      case 'semana':
      case 'mes':
      case 'ano':
        // 'semana que vem', 'mês que vem': still to come, no particular day.
        if (queVem(tokens, i)) {
          addDate(
            found,
            tokens,
            { kind: 'relative', days: PERIODS.get(w) ?? 7 },
            i,
            i + 2,
            true,
            true,
          )
          i += 2
        }
        continue
      case 'proxima':
      case 'proximo': {
        const period = PERIODS.get(wordAt(tokens, i + 1))
        if (period !== undefined) {
          addDate(found, tokens, { kind: 'relative', days: period }, i, i + 1, true, true)
          i += 1
        }
        continue
      }
      case 'hoje':
      case 'hj':
        addDate(found, tokens, { kind: 'relative', days: 0 }, i, i)
        continue
      case 'ontem':
        addDate(found, tokens, { kind: 'relative', days: -1 }, i, i)
        continue
      case 'anteontem':
        addDate(found, tokens, { kind: 'relative', days: -2 }, i, i)
        continue
      case 'amanha':
        addDate(found, tokens, { kind: 'relative', days: 1 }, i, i, true)
        continue
      case 'antes':
      case 'depois':
        if (wordAt(tokens, i + 1) === 'de') {
          const target = wordAt(tokens, i + 2)
          if (w === 'antes' && target === 'ontem')
            addDate(found, tokens, { kind: 'relative', days: -2 }, i, i + 2)
          else if (w === 'depois' && target === 'amanha')
            addDate(found, tokens, { kind: 'relative', days: 2 }, i, i + 2, true)
          else continue
          i += 2
        }
        continue
      case 'dia': {
        const day = smallInt(tokens, i + 1)
        if (day < 0) continue
        const slash = readSlashDate(tokens, i + 1)
        if (slash) {
          addDate(found, tokens, slash.expr, i, slash.last)
          i = slash.last
          continue
        }
        const named = readMonthName(tokens, i + 2)
        if (named) {
          addDate(found, tokens, dayWithMonth(day, named.month, named.year), i, named.last)
          i = named.last
          continue
        }
        addDate(found, tokens, day >= 1 && day <= 31 ? { kind: 'day', day } : null, i, i + 1)
        i += 1
        continue
      }
    }
    if (DUE_WORDS.has(w)) {
      // 'vence 10', 'vence em 10', 'vai vencer no 10': a bare day right after the due word.
      let j = i + 1
      while (
        wordAt(tokens, j) === 'em' ||
        wordAt(tokens, j) === 'no' ||
        wordAt(tokens, j) === 'vencer' ||
        wordAt(tokens, j) === 'todo'
      )
        j++
      const day = smallInt(tokens, j)
      if (day >= 1 && day <= 31 && !readSlashDate(tokens, j) && !readMonthName(tokens, j + 1)) {
        addDate(found, tokens, { kind: 'day', day }, j, j)
        i = j
      }
      continue
    }
    const weekday = WEEKDAYS.get(w)
    if (weekday !== undefined && !NOT_WEEKDAY_AFTER.has(wordAt(tokens, i + 1))) {
      let first = i
      let last = i
      if (WEEKDAY_LEADS.has(wordAt(tokens, i - 1))) first = i - 1
      let ahead = NEXT_WORDS.has(wordAt(tokens, i - 1))
      if (wordAt(tokens, last + 1) === 'feira') last++
      if (WEEKDAY_TAILS.has(wordAt(tokens, last + 1))) last++
      else if (queVem(tokens, last)) {
        last += 2
        ahead = true
      }
      addDate(found, tokens, { kind: 'weekday', weekday }, first, last, ahead)
      i = last
    }
  }
  return found
}

function isMonthYear(tokens: readonly Token[], i: number): boolean {
  const month = smallInt(tokens, i)
  const yearToken = tokens[i + 2]
  return (
    month >= 1 &&
    month <= 12 &&
    touching(tokens, i) &&
    isSym(tokens, i + 1, '/') &&
    touching(tokens, i + 1) &&
    yearToken !== undefined &&
    yearToken.kind === NUM &&
    /^\d{4}$/.test(yearToken.text)
  )
}

/** 'mm/yyyy' ('10/2026') somewhere in the message: a month for summaries. */
export function readMonthYear(tokens: readonly Token[]): MonthMatch | null {
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (isMonthYear(tokens, i)) {
      return {
        month: smallInt(tokens, i),
        year: Number(tokens[i + 2]?.text),
        first: i,
        last: i + 2,
      }
    }
  }
  return null
}
