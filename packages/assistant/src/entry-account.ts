import type { AccountInfo } from './account-types.ts'
import {
  type AccountIndex,
  type AccountPhrase,
  accountIndex,
  entryMention,
  resolvePhrase,
} from './accounts-mention.ts'
import type { Analysis } from './analysis.ts'
import type { Decision, EntryDraft } from './types.ts'

/*
 * The account of an entry: 'gastei 80 no nubank', 'uber 25 no crédito', 'pão 10 em dinheiro',
 * 'recebi 3.000 na conta do itaú'. No phrase: the default account (the server's rule). A phrase
 * that names no account, or several, turns the entry into a question: nothing is recorded
 * until it is answered (account-choice.ts) — never a silent guess.
 */

function onEntry(entry: EntryDraft, id: number): EntryDraft {
  return { ...entry, account_id: id }
}

/** Puts account `id` on every entry a decision would record. */
export function withAccountId(d: Decision, id: number): Decision {
  switch (d.kind) {
    case 'entry':
    case 'confirm_large':
    case 'confirm_entry':
      return { ...d, entry: onEntry(d.entry, id) }
    case 'confirm_date':
      return { ...d, entry: onEntry(d.entry, id) }
    case 'entries':
      return { ...d, entries: d.entries.map((e) => onEntry(e, id)) }
    case 'installments':
      return { ...d, plan: { ...d.plan, entries: d.plan.entries.map((e) => onEntry(e, id)) } }
    default:
      return d
  }
}

/** The account phrase an entry's message holds, with the index to resolve it. */
export type EntryMention = { phrase: AccountPhrase; index: AccountIndex }

/**
 * Reads the message's account phrase, marking its words so no description holds them. Read
 * before the entry itself.
 */
export function entryMentionOf(a: Analysis, accounts: readonly AccountInfo[]): EntryMention | null {
  const index = accountIndex(accounts)
  if (index.active.length === 0) return null
  const phrase = entryMention(a, index)
  return phrase === null ? null : { phrase, index }
}

/** The entry decision on the account the phrase names, or the question to ask. */
export function onMentionedAccount(d: Decision, { phrase, index }: EntryMention): Decision {
  if (
    d.kind !== 'entry' &&
    d.kind !== 'confirm_entry' &&
    d.kind !== 'confirm_large' &&
    d.kind !== 'confirm_date' &&
    d.kind !== 'entries' &&
    d.kind !== 'installments'
  ) {
    return d
  }
  const r = resolvePhrase(phrase, index, 'entry')
  if (r === null) return d
  if ('account' in r) return withAccountId(d, r.account.id)
  // Picking one of the accounts offered confirms an unsure entry too: one question, not two.
  const pending: Decision =
    d.kind === 'confirm_entry' ? { kind: 'entry', entry: d.entry, confidence: d.confidence } : d
  return { kind: 'choose_account', question: { asks: [r.ask], pending } }
}
