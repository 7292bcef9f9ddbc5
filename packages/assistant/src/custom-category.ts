import type { Category, EntryType } from '@equilibrai/shared'
import { categoryType } from '@equilibrai/shared'
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
export type CustomCategoryInfo = { id: number; name: string; category: Category }

export type CustomMention = { id: number; category: Category; type: EntryType }

const PREPOSITIONS = new Set(['em', 'na', 'no', 'pra', 'para', 'pro', 'com', 'categoria'])

function wordsOf(name: string): string[] {
  return foldText(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}

/** The custom category the message names, marking a 'em <name>' phrase as filler. */
export function customCategoryMention(
  a: Analysis,
  list: readonly CustomCategoryInfo[],
): CustomMention | null {
  if (list.length === 0) return null
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
  if (best === null) return null
  if (PREPOSITIONS.has(free(tokens, best.first - 1))) {
    for (let k = best.first - 1; k <= best.last; k++) {
      const t = tokens[k]
      if (t !== undefined && t.kind === WORD) t.role = Role.FILLER
    }
  }
  return { id: best.c.id, category: best.c.category, type: categoryType(best.c.category) }
}

function into(entry: EntryDraft, m: CustomMention): EntryDraft {
  return entry.type === m.type
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
          ...(d.plan.type === m.type ? { category: m.category } : {}),
          entries: d.plan.entries.map((e) => into(e, m)),
        },
      }
    default:
      return d
  }
}
