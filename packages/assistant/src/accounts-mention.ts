import type {
  AccountAsk,
  AccountChoice,
  AccountInfo,
  AccountKind,
  AccountSlot,
} from './account-types.ts'
import type { Analysis } from './analysis.ts'
import { foldText } from './normalize.ts'
import { Role, type Token, WORD } from './tokens.ts'
import { A, addFlag } from './word-flags.ts'

/*
 * Where the money is, as a message says it: 'no nubank', 'no crédito', 'no débito',
 * 'em dinheiro', 'na conta do itaú', 'pra poupança', 'no tesouro'. A phrase names an account by
 * its name (the ledger's accounts, folded), by a kind ('crédito' is a card, 'débito' the
 * checking account, 'dinheiro' cash), or by a bank no account matches — which is asked, never
 * guessed. Words that could be anything else ('no mercado') are not account phrases unless an
 * account is named exactly so.
 */

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

/** Words of an account's name that say nothing about which one it is. */
const GENERIC = set(
  'conta contas cartao cartoes banco de do da dos das e o a meu minha credito debito',
)
const ARTICLES = set('o a os as meu minha meus minhas um uma seu sua')
const CONNECTORS = set('do da de dos das')
const CREDIT = set('credito creditos')
const DEBIT = set('debito')
const CASH = set('dinheiro especie cash')
const WALLET = set('carteira')
const SAVINGS = set('poupanca poupancas reserva')
const CHECKING = set('corrente')
const INVESTMENT = set(`
  investimento investimentos tesouro cdb cdbs lci lca lcis lcas acoes acao corretora fundo fundos
  previdencia cripto criptomoedas bitcoin renda
`)
/** Banks and wallets people name: a phrase with one of them names an account, known or not. */
const BANKS = set(`
  nubank itau bradesco santander inter bb picpay neon next sicoob sicredi btg xp rico digio
  pagbank pagseguro banrisul safra agibank bmg iti mercadopago brasil caixa original
  personnalite uniclass c6bank will
`)
/** Banks whose word is also an ordinary word: they name an account only when one is so named. */
const AMBIGUOUS_BANKS = set('caixa original will brasil next')

const STOP = set('de do da dos das e o a')
// Every word readPhrase can name an account by, past the names of the ledger's own accounts.
for (const list of [CREDIT, DEBIT, CASH, SAVINGS, WALLET, INVESTMENT, BANKS])
  addFlag('a', A.ACCOUNT_WORD, list)

type Indexed = { account: AccountInfo; keys: string[]; strong: boolean[] }

/** The ledger's accounts, folded once per list. */
export type AccountIndex = {
  active: AccountInfo[]
  byWord: Map<string, Indexed[]>
}

const indexes = new WeakMap<readonly AccountInfo[], AccountIndex>()

function keysOf(name: string): string[] {
  const words = foldText(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
  const distinct = words.filter((w) => !GENERIC.has(w))
  return distinct.length > 0 ? distinct : words.filter((w) => !STOP.has(w))
}

// The ledger's last list and its index: every message of a stream passes the same list twice
// (account intents, then the entry's account), and a comparison is cheaper than a WeakMap lookup.
let lastAccounts: readonly AccountInfo[] | null = null
let lastIndex: AccountIndex | null = null

export function accountIndex(accounts: readonly AccountInfo[]): AccountIndex {
  if (accounts === lastAccounts && lastIndex !== null) return lastIndex
  const known = indexes.get(accounts) ?? indexOf(accounts)
  lastAccounts = accounts
  lastIndex = known
  return known
}

function indexOf(accounts: readonly AccountInfo[]): AccountIndex {
  const active = accounts.filter((a) => !a.archived)
  const byWord = new Map<string, Indexed[]>()
  for (const account of active) {
    const keys = keysOf(account.name)
    const strong = keys.map(
      (k) =>
        keys.length === 1 ||
        (BANKS.has(k) && !AMBIGUOUS_BANKS.has(k)) ||
        SAVINGS.has(k) ||
        INVESTMENT.has(k) ||
        WALLET.has(k) ||
        CASH.has(k),
    )
    const entry = { account, keys, strong }
    for (const k of new Set(keys)) {
      const list = byWord.get(k)
      if (list) list.push(entry)
      else byWord.set(k, [entry])
    }
  }
  const index = { active, byWord }
  indexes.set(accounts, index)
  return index
}

/** An account phrase: tokens first..last (its preposition included). */
export type AccountPhrase = {
  first: number
  last: number
  /** The naming words as typed ('nubank', 'crédito', 'conta do itaú'). */
  said: string
  /** A kind the words name: crédito → credit_card, débito / conta corrente → checking, … */
  kind: AccountKind | null
  /** 'cartão …' names a card, 'conta …' a bank account. */
  hint: 'card' | 'account' | null
  /** Accounts whose name matched; null when the phrase named none. */
  named: AccountInfo[] | null
  /** A bank was named that no account matches ('no nubank' without one). */
  unknownName: boolean
  /** Bare 'cartão': the card when there is one; said nothing when there is none. */
  bareCard: boolean
}

/** The folded word at i when it is still free to be read (not money, a date or a verb). */
// Read once: module bindings cost a getter on every access under some loaders.
const FREE_ROLE = Role.FREE
const FILLER_ROLE = Role.FILLER
const BRAND_ROLE = Role.BRAND
const WORD_KIND = WORD

export function free(tokens: readonly Token[], i: number): string {
  if (i < 0) return ''
  const t = tokens[i]
  if (t === undefined || t.kind !== WORD_KIND) return ''
  return t.role === FREE_ROLE || t.role === FILLER_ROLE || t.role === BRAND_ROLE ? t.text : ''
}

/** The first token at or after i that is not an article ('o', 'minha'…). */
export function skipArticles(tokens: readonly Token[], i: number): number {
  let k = i
  while (ARTICLES.has(free(tokens, k))) k++
  return k
}

/** Accounts named at token j, and the last token of the longest name. */
function readName(
  tokens: readonly Token[],
  j: number,
  index: AccountIndex,
): { named: AccountInfo[]; last: number } | null {
  const w = free(tokens, j)
  if (w === '') return null
  const list = index.byWord.get(w)
  if (!list) return null
  const named: AccountInfo[] = []
  let last = j
  for (const { account, keys, strong } of list) {
    const p = keys.indexOf(w)
    let k = 1
    while (p + k < keys.length && free(tokens, j + k) === keys[p + k]) k++
    if ((p === 0 && k === keys.length) || strong[p]) {
      named.push(account)
      last = Math.max(last, j + k - 1)
    }
  }
  return named.length > 0 ? { named, last } : null
}

/** An account named at j, or after a connector ('do itaú'). */
function nameAfter(tokens: readonly Token[], j: number, index: AccountIndex) {
  return (
    readName(tokens, j, index) ??
    (CONNECTORS.has(free(tokens, j)) ? readName(tokens, skipArticles(tokens, j + 1), index) : null)
  )
}

/** A bank word at j (or after a connector) that no account matched. */
function bankAfter(tokens: readonly Token[], j: number): number {
  const k = CONNECTORS.has(free(tokens, j)) ? j + 1 : j
  const w = free(tokens, k)
  return BANKS.has(w) && !AMBIGUOUS_BANKS.has(w) ? k : -1
}

export type PhraseMode = 'entry' | 'transfer'

/**
 * The account phrase starting at token j (after its preposition and articles), or null.
 * In 'transfer' mode investment words and a bare 'conta' count too ('pra conta' is the
 * checking account); in an entry they are too often something else.
 */
type PhraseFields = Partial<Omit<AccountPhrase, 'first' | 'last' | 'said'>>

function makePhrase(
  a: Analysis,
  j: number,
  last: number,
  fields: PhraseFields,
  saidFrom = j,
): AccountPhrase {
  const { tokens } = a
  return {
    first: j,
    last,
    said: a.original.slice(tokens[saidFrom]?.start ?? 0, tokens[last]?.end ?? 0).toLowerCase(),
    kind: null,
    hint: null,
    named: null,
    unknownName: false,
    bareCard: false,
    ...fields,
  }
}

/** The phrase at j, with the account (or unknown bank) named from token k on, if any. */
function phraseWithName(
  a: Analysis,
  index: AccountIndex,
  j: number,
  k: number,
  last: number,
  fields: PhraseFields,
): AccountPhrase {
  const name = nameAfter(a.tokens, k, index)
  if (name) return makePhrase(a, j, name.last, { ...fields, named: name.named })
  const bank = bankAfter(a.tokens, k)
  if (bank >= 0) return makePhrase(a, j, bank, { ...fields, unknownName: true }, bank)
  return makePhrase(a, j, last, fields)
}

export function readPhrase(
  a: Analysis,
  j: number,
  index: AccountIndex,
  mode: PhraseMode,
): AccountPhrase | null {
  const { tokens } = a
  const w = free(tokens, j)
  if (w === '') return null
  if (w === 'cartao' || w === 'cartoes') {
    let k = j + 1
    let kind: AccountKind | null = null
    if (
      free(tokens, k) === 'de' &&
      (CREDIT.has(free(tokens, k + 1)) || DEBIT.has(free(tokens, k + 1)))
    )
      k++
    if (CREDIT.has(free(tokens, k))) kind = 'credit_card'
    else if (DEBIT.has(free(tokens, k))) kind = 'checking'
    const last = kind ? k : j
    const found = phraseWithName(a, index, j, kind ? k + 1 : k, last, {
      kind,
      hint: kind === 'checking' ? 'account' : 'card',
    })
    if (found.named === null && !found.unknownName && kind === null)
      return { ...found, kind: 'credit_card', bareCard: true }
    return found
  }
  if (w === 'conta' || w === 'banco') {
    let k = j + 1
    let kind: AccountKind | null = null
    const next = free(tokens, k) === 'de' ? free(tokens, k + 1) : free(tokens, k)
    if (CHECKING.has(next)) kind = 'checking'
    else if (SAVINGS.has(next)) kind = 'savings'
    else if (next === 'investimento' || next === 'investimentos') kind = 'investment'
    if (kind) k = free(tokens, k) === 'de' ? k + 2 : k + 1
    const found = phraseWithName(a, index, j, k, kind ? k - 1 : j, { kind, hint: 'account' })
    if (found.named || found.unknownName || kind) return found
    if (w === 'banco') {
      // 'no banco do brasil', 'no banco pan': a bank no account matches.
      const n = CONNECTORS.has(free(tokens, k)) ? k + 1 : k
      return BANKS.has(free(tokens, n))
        ? makePhrase(a, j, n, { unknownName: true, hint: 'account' })
        : null
    }
    return mode === 'transfer' ? makePhrase(a, j, j, { kind: 'checking', hint: 'account' }) : null
  }
  // An account named so ('Poupança', 'Tesouro Direto', 'Dinheiro') wins over the kind word.
  const name = readName(tokens, j, index)
  if (name) return makePhrase(a, j, name.last, { named: name.named })
  // 'no mercado': most words after a preposition name no kind and no bank, one bit says so.
  if (((tokens[j]?.info.a ?? 0) & A.ACCOUNT_WORD) === 0) return null
  if (CREDIT.has(w))
    return phraseWithName(a, index, j, j + 1, j, { kind: 'credit_card', hint: 'card' })
  if (DEBIT.has(w)) {
    const last = free(tokens, j + 1) === 'automatico' ? j + 1 : j
    return phraseWithName(a, index, j, last + 1, last, { kind: 'checking', hint: 'account' })
  }
  if (CASH.has(w))
    return makePhrase(a, j, free(tokens, j + 1) === 'vivo' ? j + 1 : j, { kind: 'cash' })
  if (SAVINGS.has(w)) return phraseWithName(a, index, j, j + 1, j, { kind: 'savings' })
  if (mode === 'transfer') {
    if (WALLET.has(w)) return makePhrase(a, j, j, { kind: 'cash' })
    if (INVESTMENT.has(w)) {
      const last = w === 'renda' && free(tokens, j + 1) === 'fixa' ? j + 1 : j
      return phraseWithName(a, index, j, last + 1, last, { kind: 'investment' })
    }
  }
  if (BANKS.has(w) && !AMBIGUOUS_BANKS.has(w)) return makePhrase(a, j, j, { unknownName: true })
  return null
}

/** Prepositions before an entry's account: 'no nubank', 'com o cartão', 'em dinheiro'. */
const ENTRY_PREPS = set('no na nos nas num numa pelo pela com em via usando')
/** Verbs of money sent to someone: their origin is 'do itaú'. */
const SENDING = set('transferi transferimos mandei mandamos enviei enviamos pixei pix')
/** Words that may open an account phrase without a preposition ('uber 25 cartão de crédito'). */
const BARE_OPENERS = set('cartao credito debito')
addFlag('a', A.ENTRY_PREP, ENTRY_PREPS)
addFlag('a', A.BARE_OPENER, BARE_OPENERS)

/**
 * The account an entry's message names, or null. Its tokens become filler, so the
 * description keeps only what was bought ('gastei 80 no nubank' is no purchase of 'nubank').
 */
export function entryMention(a: Analysis, index: AccountIndex): AccountPhrase | null {
  const { tokens } = a
  // 'transferi 500 do itaú pro joão': money sent out of an account names it with 'do'.
  const sent = SENDING.has(free(tokens, 0))
  for (let i = 0; i < tokens.length; i++) {
    const w = free(tokens, i)
    if (w === '') continue
    // A free word is a word token: its bits (looked up at tokenizing) say what it can open.
    const f = tokens[i]?.info.a ?? 0
    let found: AccountPhrase | null = null
    if (f & A.ENTRY_PREP || (sent && (w === 'do' || w === 'da')))
      found = readPhrase(a, skipArticles(tokens, i + 1), index, 'entry')
    else if (f & A.BARE_OPENER && !CONNECTORS.has(free(tokens, i - 1)))
      found = readPhrase(a, i, index, 'entry')
    if (found === null) continue
    const first = f & A.BARE_OPENER ? found.first : i
    for (let k = first; k <= found.last; k++) {
      const t = tokens[k]
      if (t !== undefined && t.kind === WORD) t.role = Role.FILLER
    }
    return { ...found, first }
  }
  return null
}

export type Resolved = { account: AccountInfo } | { ask: AccountAsk } | null

function choices(list: readonly AccountInfo[]): AccountChoice[] {
  return list.slice(0, MAX_CHOICES).map((a) => ({ id: a.id, name: a.name, kind: a.kind }))
}

/** How many accounts a question lists at most. */
export const MAX_CHOICES = 9

/** The accounts of a kind, the default first among checking accounts. */
function ofKind(list: readonly AccountInfo[], kind: AccountKind): AccountInfo[] {
  if (kind === 'checking') {
    const main = list.find((a) => a.is_default && a.kind !== 'credit_card')
    if (main) return [main]
  }
  return list.filter((a) => a.kind === kind)
}

/**
 * The account a phrase names for `slot`, or the question to ask. `exclude`: the other side of
 * a transfer, never a choice. null: the phrase says nothing after all (bare 'cartão' with no
 * card).
 */
export function resolvePhrase(
  phrase: AccountPhrase,
  index: AccountIndex,
  slot: AccountSlot,
  exclude = 0,
): Resolved {
  const usable = index.active.filter((a) => a.id !== exclude)
  const ask = (reason: AccountAsk['reason'], list: readonly AccountInfo[]): Resolved => ({
    ask: { slot, reason, said: phrase.said, choices: choices(list) },
  })
  const one = (list: readonly AccountInfo[], otherwise: () => Resolved): Resolved => {
    const only = list[0]
    if (list.length === 1 && only) return { account: only }
    return list.length > 1 ? ask('several', list) : otherwise()
  }
  const cards = usable.filter((a) => a.kind === 'credit_card')
  if (phrase.named) {
    let list = phrase.named.filter((a) => a.id !== exclude)
    if (phrase.kind === 'credit_card' || phrase.kind === 'savings' || phrase.kind === 'investment')
      list = list.filter((a) => a.kind === phrase.kind)
    else if (phrase.hint) {
      const hinted = list.filter((a) => (a.kind === 'credit_card') === (phrase.hint === 'card'))
      if (hinted.length > 0) list = hinted
    }
    return one(list, () => ask('unknown', usable))
  }
  if (phrase.unknownName) {
    return ask('unknown', phrase.hint === 'card' && cards.length > 0 ? cards : usable)
  }
  if (phrase.kind) {
    const list = ofKind(usable, phrase.kind)
    return one(list, () => (phrase.bareCard ? null : ask('unknown', usable)))
  }
  return null
}

/** 'choose_account' when the slot asks, else the account's id. */
export function isAsk(r: Resolved): r is { ask: AccountAsk } {
  return r !== null && 'ask' in r
}
