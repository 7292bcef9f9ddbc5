import type { Category, EntryType, IsoDate } from '@equilibrai/shared'
import {
  categoryType,
  customCategoryLabel,
  formatBRL,
  formatDayMonth,
  monthLabel,
} from '@equilibrai/shared'
import { free } from './accounts-mention.ts'
import type { Analysis } from './analysis.ts'
import { foldText } from './normalize.ts'
import { Role, WORD } from './tokens.ts'
import type { Decision, EntryDraft } from './types.ts'

/*
 * A ledger's categories of its own (ADR 026) in a message: 'pet shop 80 em Cachorro',
 * 'ração 120 cachorro', 'recebi 300 de bolos por encomenda'. The name, folded, is read as whole
 * words; the longest name wins. With a preposition before it ('em Cachorro'), the phrase says
 * where the money goes and leaves the description ('pet shop'); without one, the name is also
 * what was bought and stays in it. The entry counts in the default category the custom one
 * sits under.
 */

/** What the server tells the assistant about each custom category. */
export type CustomCategoryInfo = {
  id: number
  name: string
  category: Category
  /**
   * Words a correction taught it ('ração' after 'mudar categoria do último para Cachorro' on
   * 'ração 95'), folded: a later 'ração 80' that lands in its default category lands in it.
   */
  words?: readonly string[]
}

/** `learned`: found through a taught word, not the name; it applies only when the default agrees. */
export type CustomMention = { id: number; category: Category; type: EntryType; learned?: true }

const PREPOSITIONS = new Set(['em', 'na', 'no', 'pra', 'para', 'pro', 'com', 'categoria'])

function wordsOf(name: string): string[] {
  return foldText(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}

/**
 * The custom category whose name the words are, exactly ('cachorro', 'festa junina'); words the
 * caller dropped from its list (`dropped`: 'por' of 'por favor') are dropped from names too.
 */
export function customCategoryNamed(
  words: readonly string[],
  list: readonly CustomCategoryInfo[],
  dropped?: ReadonlySet<string>,
): CustomCategoryInfo | null {
  for (const c of list) {
    const all = wordsOf(c.name)
    const name = dropped ? all.filter((w) => !dropped.has(w)) : all
    if (name.length === 0) continue
    if (name.length === words.length && name.every((w, k) => words[k] === w)) return c
  }
  return null
}

/** The custom category the message names anywhere (the longest name), or null. */
function namedIn(
  a: Analysis,
  list: readonly CustomCategoryInfo[],
): { c: CustomCategoryInfo; first: number; last: number } | null {
  const names = list.map((c) => ({ c, words: wordsOf(c.name) })).filter((n) => n.words.length > 0)
  const { tokens } = a
  let best: { c: CustomCategoryInfo; first: number; last: number } | null = null
  for (let i = 0; i < tokens.length; i++) {
    if (free(tokens, i) === '') continue
    for (const { c, words } of names) {
      if (best !== null && words.length <= best.last - best.first + 1) continue
      if (words.every((w, k) => free(tokens, i + k) === w)) {
        best = { c, first: i, last: i + words.length - 1 }
      }
    }
  }
  return best
}

/** The custom category a question names ('quanto gastei com Cachorro'), or null. */
export function customCategoryAsked(
  a: Analysis,
  list: readonly CustomCategoryInfo[],
): CustomCategoryInfo | null {
  return list.length === 0 ? null : (namedIn(a, list)?.c ?? null)
}

/**
 * The custom category the message names, marking a 'em <name>' phrase as filler; else the one
 * a word of the message was taught (learned: it applies only if the entry's default agrees).
 */
export function customCategoryMention(
  a: Analysis,
  list: readonly CustomCategoryInfo[],
): CustomMention | null {
  if (list.length === 0) return null
  const best = namedIn(a, list)
  if (best === null) return learnedMention(a, list)
  const { tokens } = a
  if (PREPOSITIONS.has(free(tokens, best.first - 1))) {
    for (let k = best.first - 1; k <= best.last; k++) {
      const t = tokens[k]
      if (t !== undefined && t.kind === WORD) t.role = Role.FILLER
    }
  }
  return { id: best.c.id, category: best.c.category, type: categoryType(best.c.category) }
}

function learnedMention(a: Analysis, list: readonly CustomCategoryInfo[]): CustomMention | null {
  const taught = list.filter((c) => c.words !== undefined && c.words.length > 0)
  if (taught.length === 0) return null
  for (let i = 0; i < a.tokens.length; i++) {
    const word = free(a.tokens, i)
    if (word === '') continue
    const c = taught.find((t) => t.words?.includes(word))
    if (c) return { id: c.id, category: c.category, type: categoryType(c.category), learned: true }
  }
  return null
}

/** A named custom category takes an entry of its type; a learned one only its own default's. */
function fits(type: EntryType, category: Category, m: CustomMention): boolean {
  return type === m.type && (m.learned !== true || category === m.category)
}

function into(entry: EntryDraft, m: CustomMention): EntryDraft {
  return fits(entry.type, entry.category, m)
    ? { ...entry, category: m.category, custom_category_id: m.id }
    : entry
}

/** Puts the named custom category on every entry of its type a decision would record. */
export function withCustomCategory(d: Decision, m: CustomMention): Decision {
  switch (d.kind) {
    case 'entry':
    case 'confirm_large':
    case 'confirm_entry':
    case 'confirm_date':
      return { ...d, entry: into(d.entry, m) }
    case 'entries':
      return { ...d, entries: d.entries.map((e) => into(e, m)) }
    case 'installments':
      return {
        ...d,
        plan: {
          ...d.plan,
          ...(fits(d.plan.type, d.plan.category, m) ? { category: m.category } : {}),
          entries: d.plan.entries.map((e) => into(e, m)),
        },
      }
    default:
      return d
  }
}

/** What the server found for 'quanto gastei com Cachorro': the entries in it in the period. */
export type CustomCategoryTotal = {
  name: string
  emoji: string | null
  total_cents: number
  count: number
} & ({ month: string } | { from: IsoDate; to: IsoDate })

/** '📊 *🐶 Cachorro* em novembro de 2026: *R$ 175,00* em 2 lançamentos.' */
export function customCategorySummary(view: CustomCategoryTotal): string {
  const name = customCategoryLabel(view)
  const span =
    'month' in view
      ? `em ${monthLabel(view.month)}`
      : `de ${formatDayMonth(view.from)} a ${formatDayMonth(view.to)}`
  if (view.count === 0) return `Nenhum lançamento em *${name}* ${span}.`
  const entries = view.count === 1 ? '1 lançamento' : `${view.count} lançamentos`
  return `📊 *${name}* ${span}: *${formatBRL(view.total_cents)}* em ${entries}.`
}
