import { type EntryType, FALLBACK_CATEGORY, MAX_ENTRY_CENTS } from '@equilibrai/shared'
import type { Analysis } from './analysis.ts'
import { findCategory, typeFromWords, wordSeq } from './categorize.ts'
import type { DateMatch } from './date-reader.ts'
import { addDays, resolveDate, saoPauloToday } from './dates.ts'
import { Role, SYM, type Token, WORD, setRoleAt, wordAt } from './tokens.ts'
import type { Confidence } from './confidence.ts'
import type { AssistantContext, Decision } from './types.ts'
import { NEUTRAL_VERBS } from './vocabulary.ts'
import { A, addFlag } from './word-flags.ts'

/**
 * Entries and bills: the type (expense or income), the category, a short description in the
 * user's own words, and the date, from a message the money reader has already been over.
 */

const NOT_UNDERSTOOD: Decision = { kind: 'not_understood' }
/** The hint readEntry leaves for confidence.ts when a category word matched. */
const NAMED: Confidence = { level: 'sure', reasons: ['category_word'] }

// 'me pagou', 'me mandaram': someone paid the user.
const PAID_ME = new Set([
  'pagou',
  'pagaram',
  'mandou',
  'mandaram',
  'deu',
  'deram',
  'transferiu',
  'depositou',
  'pixou',
  'passou',
])
addFlag('a', A.PAID_ME, PAID_ME)
const VERB_BITS = A.INCOME_VERB | A.EXPENSE_VERB | A.PAID_ME | A.NEUTRAL_VERB

/**
 * Marks the verbs of a message and returns the type the first one says, if any. A verb is
 * never part of a description ('gastei 45 no mercado' is 'mercado').
 */
export function markVerbs(tokens: Token[]): EntryType | null {
  let type: EntryType | null = null
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    // Verbs marked by an earlier pass still say their type: marking twice gives the same answer.
    if (t === undefined || t.kind !== WORD || (t.role !== Role.FREE && t.role !== Role.VERB))
      continue
    // The word's own bits (looked up at tokenizing): most words are no verb at all.
    const f = t.info.a
    if ((f & VERB_BITS) === 0) continue
    let says: EntryType | null = null
    if (f & A.INCOME_VERB) says = 'income'
    else if (f & A.EXPENSE_VERB) says = 'expense'
    else if (
      f & A.PAID_ME &&
      (wordAt(tokens, i - 1) === 'me' || wordAt(tokens, i - 1).startsWith('client'))
    ) {
      says = 'income'
      if (wordAt(tokens, i - 1) === 'me') setRoleAt(tokens, i - 1, Role.VERB)
    } else if ((f & A.NEUTRAL_VERB) === 0) continue
    t.role = Role.VERB
    if (type === null) type = says
  }
  return type
}

// Symbols that can sit inside a name ('disney+', 'c&a', '13º'); any other symbol ends a phrase.
const JOINING_SYMBOLS = new Set(['+', '&', "'", 'º', '°'])
const MAX_DESCRIPTION = 60

/** A character `\s` matches (the JS definition). */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true
  if (c < 0xa0) return false
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  )
}

/** Two spaces in a row, or any space that is not a plain ' ' (/\s\s|[^\S ]/ without a regex). */
function messySpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (!isSpace(c)) continue
    if (c !== 32 || (i + 1 < text.length && isSpace(text.charCodeAt(i + 1)))) return true
  }
  return false
}

function isContent(t: Token | undefined): boolean {
  if (t === undefined) return false
  if (t.kind === SYM) return JOINING_SYMBOLS.has(t.text) && !t.spaced
  return t.role === Role.FREE || t.role === Role.BRAND || t.role === Role.COUNT
}

function isEdge(t: Token | undefined): boolean {
  if (t === undefined) return false
  // 'disney+' keeps its plus, '13º' its ordinal mark.
  if (t.kind === SYM) return !(t.text === '+' || t.text === 'º' || t.text === '°') || t.spaced
  return t.kind === WORD && (t.info.a & A.EDGE) !== 0
}

/** Whether token k may be trimmed off a description's edge; the category phrase itself never is. */
function trimmable(
  tokens: readonly Token[],
  k: number,
  keep: { token: number; lastToken: number } | null,
): boolean {
  return isEdge(tokens[k]) && (keep === null || k < keep.token || k > keep.lastToken)
}

/**
 * The description: the run of free words that holds the category word (or else the first run),
 * trimmed of articles, prepositions and payment words at its ends, cut from the original text
 * so it keeps the user's spelling.
 */
export function describe(a: Analysis, keep: { token: number; lastToken: number } | null): string {
  const { tokens, original } = a
  const around = keep?.token ?? null
  let chosen: [number, number] | null = null
  let i = 0
  while (i < tokens.length) {
    if (!isContent(tokens[i])) {
      i++
      continue
    }
    let end = i
    while (end + 1 < tokens.length && isContent(tokens[end + 1])) end++
    let first = i
    let last = end
    while (first <= last && trimmable(tokens, first, keep)) first++
    while (last >= first && trimmable(tokens, last, keep)) last--
    const holds = around !== null && around >= i && around <= end
    if (first <= last && (chosen === null || holds)) chosen = [first, last]
    if (holds) break
    i = end + 1
  }
  if (chosen === null) return ''
  const start = tokens[chosen[0]]?.start ?? 0
  const stop = tokens[chosen[1]]?.end ?? 0
  let text = original.slice(start, stop).toLowerCase()
  if (messySpace(text)) text = text.replace(/\s+/g, ' ')
  if (text.length > MAX_DESCRIPTION) {
    const cut = text.lastIndexOf(' ', MAX_DESCRIPTION)
    text = text.slice(0, cut > 0 ? cut : MAX_DESCRIPTION)
  }
  return text
}

function fallbackDescription(type: EntryType): string {
  return type === 'income' ? 'receita' : 'gasto'
}

/** Whether the message says anything an entry could be about: a verb or a category word. */
function hasSubject(tokens: readonly Token[], categoryFound: boolean): boolean {
  return categoryFound || tokens.some((t) => t.role === Role.VERB && !NEUTRAL_VERBS.has(t.text))
}

/** How an item of a message with several inherits what the message said once. */
export type EntryDefaults = {
  /** The type an earlier item's verb said ('gastei 30 no almoço e 12 no café'). */
  type?: EntryType | null
  /** The message's one date, when the item names none ('mercado 80 e farmácia 25 ontem'). */
  date?: DateMatch
}

const NO_DEFAULTS: EntryDefaults = Object.freeze({})

/** The type the message's verb or sign says, or null. Marks the verbs. */
export function statedType(a: Analysis): EntryType | null {
  const verbType = markVerbs(a.tokens)
  const sign = a.amount?.sign
  return sign === 1 ? 'income' : sign === -1 ? 'expense' : verbType
}

/** An expense or an income: 'gastei 45,90 no mercado', 'recebi 3.000 de salário'. */
export function readEntry(
  a: Analysis,
  ctx: AssistantContext,
  defaults: EntryDefaults = NO_DEFAULTS,
): Decision {
  const { tokens, amount } = a
  const stated = statedType(a)
  const seq = wordSeq(tokens, a.original)
  const type = stated ?? defaults.type ?? typeFromWords(seq, ctx.learnedWords)
  const match = findCategory(seq, type, ctx.learnedWords)
  const category = match?.category ?? FALLBACK_CATEGORY[type]
  const description = describe(a, match)

  if (amount === null || amount.cents === 0) {
    if (!hasSubject(tokens, match !== null && !match.fuzzy)) return NOT_UNDERSTOOD
    return {
      kind: 'needs_amount',
      type,
      description: description || fallbackDescription(type),
      category,
    }
  }
  const date = a.dates[0] ?? defaults.date
  const today = saoPauloToday(ctx.now)
  const entry = {
    type,
    amount_cents: amount.cents,
    description: description || fallbackDescription(type),
    category,
    occurred_on: today,
  }
  if (date?.ahead) {
    // 'mercado 200 amanhã': not spent yet. Ask; 'sim' records it today.
    if (date.vague || date.expr === null) return { kind: 'confirm_date', entry }
    // 'próxima segunda' on a Monday is the next one, a week on; 'amanhã' counts from today.
    const from = date.expr.kind === 'weekday' ? addDays(today, 1) : today
    const said_on = resolveDate(date.expr, from, 'forward')
    return said_on === null ? NOT_UNDERSTOOD : { kind: 'confirm_date', entry, said_on }
  }
  if (date !== undefined) {
    const expr = date.expr
    if (expr === null) return NOT_UNDERSTOOD
    // A full date is exact: '20/12/2026' seen on 18/11/2026 has not happened yet.
    if (expr.kind === 'full') {
      const said_on = resolveDate(expr, today, 'backward')
      if (said_on === null) return NOT_UNDERSTOOD
      if (said_on > today) return { kind: 'confirm_date', entry, said_on }
      entry.occurred_on = said_on
    } else {
      const day = resolveDate(expr, today, 'backward')
      if (day === null) return NOT_UNDERSTOOD
      entry.occurred_on = day
    }
  }
  if (amount.cents > MAX_ENTRY_CENTS) return { kind: 'confirm_large', entry }
  // A strong word of the lexicon (or a learned one) named the category, even 'outros'
  // ('dízimo'; not the weak 'cartão'): confidence.ts counts it for the entry.
  return match === null || match.weak
    ? { kind: 'entry', entry }
    : { kind: 'entry', entry, confidence: NAMED }
}

// ---- Bills -----------------------------------------------------------------------------------

const BILL_WORDS = new Set([
  'vence',
  'vencem',
  'vencimento',
  'vencendo',
  'vencer',
  'venc',
  'lembrete',
  'lembrar',
  'lembra',
  'lembre',
])
addFlag('a', A.BILL, BILL_WORDS)
const BILL_FILLERS = new Set([
  'vai',
  'pagar',
  'me',
  'de',
  'que',
  'em',
  'todo',
  'toda',
  'proximo',
  'proxima',
  'ate',
])

export function isBill(tokens: readonly Token[]): boolean {
  for (const t of tokens) if ((t.info.a & A.BILL) !== 0) return true
  return false
}

/** A due-date reminder: 'conta de luz 180 vence dia 10'. Due dates resolve forward. */
export function readBill(a: Analysis, ctx: AssistantContext): Decision {
  const { tokens, amount } = a
  let trigger = -1
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined || t.kind !== WORD) continue
    if (BILL_WORDS.has(t.text)) {
      if (trigger < 0) trigger = i
      t.role = Role.COMMAND
      // 'vai vencer', 'me lembra de pagar': the words around the trigger are not the bill's name.
      let k = i - 1
      while (k >= 0 && BILL_FILLERS.has(wordAt(tokens, k)) && tokens[k]?.role === Role.FREE) {
        setRoleAt(tokens, k, Role.FILLER)
        k--
      }
      k = i + 1
      while (
        k < tokens.length &&
        BILL_FILLERS.has(wordAt(tokens, k)) &&
        tokens[k]?.role === Role.FREE
      ) {
        setRoleAt(tokens, k, Role.FILLER)
        k++
      }
    }
  }
  markVerbs(tokens)
  const due: DateMatch | undefined = a.dates.find((d) => d.first > trigger) ?? a.dates[0]
  if (due === undefined || due.expr === null) return NOT_UNDERSTOOD
  const due_on = resolveDate(due.expr, saoPauloToday(ctx.now), 'forward')
  if (due_on === null) return NOT_UNDERSTOOD
  const seq = wordSeq(tokens, a.original)
  const match = findCategory(seq, 'expense', ctx.learnedWords)
  const description = describe(a, match)
  return {
    kind: 'bill',
    bill: {
      description: description || 'conta',
      amount_cents: amount === null || amount.cents === 0 ? null : amount.cents,
      due_on,
      category: match?.category ?? FALLBACK_CATEGORY.expense,
    },
  }
}
