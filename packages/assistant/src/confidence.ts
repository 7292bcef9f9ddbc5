import { FALLBACK_CATEGORY } from '@equilibrai/shared'
import type { Analysis } from './analysis.ts'
import { ownedNumber, readCues } from './news.ts'
import type { Decision, EntryDraft, NotEntryReason } from './types.ts'

/**
 * How sure the assistant is that a message records money (issue 24). Every entry decision
 * carries a `Confidence`: a level and the reasons for it.
 *
 * - For: an amount marker (R$, reais, a decimal comma, thousands, a sign), a money verb
 *   (gastei, paguei, recebi), a known merchant or category word, a short note's shape
 *   ('mercado 45,90').
 * - Against: news and offer words, a negation, a hypothesis, a state ('tenho 200'), a
 *   greeting, a noun that owns the number (age, year, card or apartment number, a count).
 *
 * Sure → recorded. Unsure → asked once ('Registrar R$ 68,00 em Outros?'), nothing recorded
 * until 'Sim'. Clearly not money → nothing recorded. Anything against makes it unsure at best,
 * never sure.
 */

export type ConfidenceReason =
  | 'amount_marker'
  | 'money_verb'
  | 'category_word'
  | 'short_note'
  | 'news'
  | 'negation'
  | 'near_miss'
  | 'hypothesis'
  | 'state'
  | 'greeting'
  | 'not_money_noun'
  | 'no_evidence'

export type ConfidenceLevel = 'sure' | 'unsure' | 'not_money'

export type Confidence = { level: ConfidenceLevel; reasons: ConfidenceReason[] }

/** Points for: marker 2, verb 2, category word 2, short note 1. Sure from 3 with nothing against. */
const SURE_POINTS = 3
const SHORT_NOTE_WORDS = 4
/** A marked amount (score ≥ 30 in the money reader: currency, sign, format). */
const MARKED_SCORE = 30

/**
 * Whether every entry's category was named by a word. An income without a sign or verb was
 * read from an income word ('reembolso', 'salário'), so it counts as named.
 */
function allNamed(entries: readonly EntryDraft[], signed: boolean): boolean {
  if (entries.length === 0) return false
  for (const e of entries) {
    if (e.category !== FALLBACK_CATEGORY[e.type]) continue
    if (e.type === 'income' && !signed) continue
    return false
  }
  return true
}

/**
 * How sure a message (already read into `entries`) records money. `named`: a category word
 * matched (entry.ts leaves that hint), even one of 'outros' ('dízimo 200').
 */
export function assess(a: Analysis, entries: readonly EntryDraft[], named = false): Confidence {
  const reasons: ConfidenceReason[] = []
  const cues = readCues(a.tokens)
  const amount = a.amount
  let points = 0
  if (amount !== null && amount.score >= MARKED_SCORE) {
    points += 2
    reasons.push('amount_marker')
  }
  if (cues.moneyVerb) {
    points += 2
    reasons.push('money_verb')
  }
  if (named || allNamed(entries, amount?.sign === 1)) {
    points += 2
    reasons.push('category_word')
  }
  if (cues.contentWords <= SHORT_NOTE_WORDS) {
    points += 1
    reasons.push('short_note')
  }
  const forCount = reasons.length
  // Clearly not money: the verb denied, a near-miss, a headline with nobody spending, a wish.
  let clear = false
  if (cues.negation) {
    reasons.push('negation')
    clear = cues.deniedVerb
  }
  // 'cancelei a compra de 89,90' records nothing; in 'cancelei a netflix, paguei 39,90' the
  // payment is told outright.
  if (cues.nearMiss && !cues.moneyVerb) {
    reasons.push('near_miss')
    clear = true
  }
  if (cues.news > 0) {
    reasons.push('news')
    if (!cues.moneyVerb) clear = true
  }
  if (cues.hypothesis) {
    reasons.push('hypothesis')
    clear = true
  }
  if (cues.state && !cues.moneyVerb) {
    reasons.push('state')
    clear = true
  }
  if (cues.greeting && !cues.moneyVerb) reasons.push('greeting')
  // A plain number a noun owns ('minha mãe fez 70', 'feliz 2027') that nobody said was paid.
  if (
    amount !== null &&
    amount.score < MARKED_SCORE &&
    ownedNumber(a.tokens, amount.first, amount.last)
  ) {
    reasons.push('not_money_noun')
    if (!cues.moneyVerb) clear = true
  }
  // Every reason pushed after those for it is one against.
  const against = reasons.length > forCount
  if (clear || (against && points <= 1)) return { level: 'not_money', reasons }
  if (against) return { level: 'unsure', reasons }
  if (points >= SURE_POINTS) return { level: 'sure', reasons }
  reasons.push('no_evidence')
  return { level: 'unsure', reasons }
}

const FOR: ReadonlySet<ConfidenceReason> = new Set([
  'amount_marker',
  'money_verb',
  'category_word',
  'short_note',
])

/** The reply's reason for a message that is clearly not money. */
function notMoneyReason(c: Confidence): NotEntryReason {
  if (c.reasons.includes('news')) return 'news'
  if (c.reasons.includes('negation') || c.reasons.includes('near_miss')) return 'negation'
  if (c.reasons.includes('hypothesis')) return 'plan'
  if (c.reasons.includes('state')) return 'statement'
  return 'not_money'
}

/**
 * The decision once weighed: a sure entry is recorded (with its confidence), an unsure one
 * becomes 'confirm_entry' (asked with Sim/Não), and a message that is clearly not money
 * records nothing. Several items, installments and dated questions are never asked about as
 * one entry: anything against them records nothing.
 */
export function weigh(a: Analysis, d: Decision): Decision {
  switch (d.kind) {
    case 'entry': {
      const named = d.confidence?.reasons.includes('category_word') === true
      const confidence = assess(a, [d.entry], named)
      if (confidence.level === 'sure') return { kind: 'entry', entry: d.entry, confidence }
      if (confidence.level === 'unsure')
        return { kind: 'confirm_entry', entry: d.entry, confidence }
      return { kind: 'not_entry', reason: notMoneyReason(confidence) }
    }
    case 'entries': {
      const confidence = assess(a, d.entries)
      if (confidence.reasons.some((r) => !FOR.has(r) && r !== 'no_evidence'))
        return { kind: 'not_entry', reason: notMoneyReason(confidence) }
      return { kind: 'entries', entries: d.entries, confidence }
    }
    case 'installments':
    case 'confirm_date':
    case 'confirm_large': {
      const entries = d.kind === 'installments' ? d.plan.entries : [d.entry]
      const confidence = assess(a, entries)
      if (confidence.level === 'not_money')
        return { kind: 'not_entry', reason: notMoneyReason(confidence) }
      return d
    }
    default:
      return d
  }
}
