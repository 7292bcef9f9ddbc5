import { type Analysis, analyze } from './analysis.ts'
import { type EntryDefaults, readEntry, statedType } from './entry.ts'
import type { AmountMatch } from './money-reader.ts'
import { readNotEntry } from './not-entry.ts'
import { NUM, Role, SYM, type Token, WORD, tokenAt } from './tokens.ts'
import type { AssistantContext, Decision, EntryDraft } from './types.ts'

/**
 * Several items in one message: 'uber 20 e ifood 40', 'mercado 150, farmácia 32', one per
 * line. The message is cut at its separators (',', ';', ' e ', ' + ', ' / ', a line break, '2)');
 * a piece without an amount joins the next one ('arroz, feijão e óleo 45' stays one item),
 * and when two or more pieces each hold exactly one amount, each is read as an entry of its
 * own. An item without a verb takes the type of an earlier item's verb; the message's one
 * date applies to every item.
 */

type Piece = { first: number; last: number; amounts: number }

const SEPARATOR_SYMBOLS = new Set([',', ';', '|'])

function inside(amounts: readonly AmountMatch[], i: number): boolean {
  return amounts.some((m) => i >= m.first && i <= m.last)
}

function isSeparator(a: Analysis, i: number): boolean {
  const t = a.tokens[i]
  if (t === undefined || inside(a.amounts, i)) return false
  if (t.kind === SYM) {
    if (SEPARATOR_SYMBOLS.has(t.text)) return true
    // 'luz 180 / água 95': a slash with a word on one side (dates and sums have numbers on both).
    if (t.text === '/')
      return tokenAt(a.tokens, i - 1)?.kind === WORD || a.tokens[i + 1]?.kind === WORD || t.spaced
    // ' + ' between items; '+50' is a sign.
    return t.text === '+' && t.spaced && a.tokens[i + 1]?.spaced === true
  }
  return t.kind === WORD && t.text === 'e' && t.role === Role.FREE
}

/** A line break, or a list number ('2)'), starts a new piece at token i. */
function startsPiece(a: Analysis, i: number): boolean {
  const t = a.tokens[i]
  if (t === undefined || i === 0) return false
  if (t.newLine) return true
  return t.kind === NUM && t.role === Role.CODE && a.tokens[i + 1]?.text === ')'
}

function pieces(a: Analysis): Piece[] {
  const out: Piece[] = []
  let start = 0
  const close = (end: number) => {
    if (end >= start) {
      let n = 0
      for (const m of a.amounts) if (m.first >= start && m.last <= end) n++
      out.push({ first: start, last: end, amounts: n })
    }
  }
  for (let i = 0; i < a.tokens.length; i++) {
    if (isSeparator(a, i)) {
      close(i - 1)
      start = i + 1
    } else if (i > start && startsPiece(a, i)) {
      close(i - 1)
      start = i
    }
  }
  close(a.tokens.length - 1)
  // A piece without an amount belongs to the next one (or, at the end, to the one before).
  const merged: Piece[] = []
  let carry: number | null = null
  for (const p of out) {
    const first: number = carry ?? p.first
    if (p.amounts === 0) {
      carry = first
      continue
    }
    merged.push({ first, last: p.last, amounts: p.amounts })
    carry = null
  }
  const lastPiece = merged[merged.length - 1]
  if (carry !== null && lastPiece !== undefined) lastPiece.last = a.tokens.length - 1
  return merged
}

function textOf(a: Analysis, p: Piece): string {
  const first: Token | undefined = a.tokens[p.first]
  const last: Token | undefined = a.tokens[p.last]
  return first && last ? a.original.slice(first.start, last.end) : ''
}

/**
 * 'gastei 300, sendo 200 no mercado e 100 na farmácia': one amount is the sum of all the others,
 * a total with its parts. The parts are recorded; the total would count the money twice.
 */
function withoutTotal(entries: EntryDraft[]): EntryDraft[] {
  if (entries.length < 3) return entries
  const sum = entries.reduce((s, e) => s + e.amount_cents, 0)
  const total = entries.findIndex((e) => e.amount_cents * 2 === sum)
  return total < 0 ? entries : entries.filter((_, k) => k !== total)
}

/** The entries of a message with several items, or null when it holds one (or none). */
export function readItems(a: Analysis, ctx: AssistantContext): Decision | null {
  return a.amounts.length < 2 ? null : itemsOf(a, ctx)
}

/** readItems past its first look (apart: its closures would cost every message a context). */
function itemsOf(a: Analysis, ctx: AssistantContext): Decision | null {
  const list = pieces(a)
  if (list.length < 2 || list.some((p) => p.amounts !== 1)) return null
  const date = a.dates.length === 1 ? a.dates[0] : undefined
  const entries: EntryDraft[] = []
  let type = null as EntryDraft['type'] | null
  const analyses = list.map((p) => analyze(textOf(a, p)))
  for (const piece of analyses) {
    // 'paguei 50 e vou pagar 30': one item is a plan. Recording only the other would drop
    // part of the message silently; the whole message is answered as what that item is.
    const notEntry = readNotEntry(piece, false)
    if (notEntry) return notEntry
  }
  for (const piece of analyses) {
    // Marks the piece's verbs; readEntry then takes the type from `defaults`.
    const said = statedType(piece)
    if (said) type = said
    const defaults: EntryDefaults = { type }
    if (date && piece.dates.length === 0) defaults.date = date
    const d = readEntry(piece, ctx, defaults)
    // One item that cannot be recorded as is ('… amanhã', a huge amount) stops them all:
    // recording the others alone would drop one silently.
    if (d.kind !== 'entry') return { kind: 'not_understood' }
    entries.push(d.entry)
  }
  return { kind: 'entries', entries: withoutTotal(entries) }
}
