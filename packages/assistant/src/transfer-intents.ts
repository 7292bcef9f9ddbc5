import { type IsoDate, MAX_ENTRY_CENTS } from '@equilibrai/shared'
import type {
  AccountAsk,
  AccountInfo,
  AccountKind,
  AccountPending,
  MissingAccount,
  TransferPurpose,
} from './account-types.ts'
import {
  type AccountIndex,
  type AccountPhrase,
  accountIndex,
  free,
  MAX_CHOICES,
  readPhrase,
  type Resolved,
  resolvePhrase,
  skipArticles,
} from './accounts-mention.ts'
import type { Analysis } from './analysis.ts'
import { resolveDate, saoPauloToday } from './dates.ts'
import { Role, type Token, WORD } from './tokens.ts'
import type { AssistantContext, Decision } from './types.ts'
import { MONTHS } from './vocabulary.ts'

/*
 * Money moving between the person's own accounts (ARCHITECTURE §9) — never an income nor an
 * expense:
 *
 *   transferi 500 pra poupança · transferi 300 do nubank pro itaú · guardei 200 na poupança
 *   investi 1000 no tesouro · saquei 200 · resgatei 500 do tesouro
 *   paguei a fatura do nubank · paguei 800 da fatura · fatura do nubank · quanto está a fatura?
 *
 * A transfer needs its destination to be an account ('transferi 500 pro joão' pays someone:
 * it stays an expense). What names no account, or several, is asked (choose_account); what the
 * ledger cannot hold (a withdrawal without a cash account) is explained. Nothing is recorded
 * until every side is known.
 */

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

const LEAD = set('eu ja acabei agora entao ai tambem so nos a gente hoje ontem')
const VERBS: ReadonlyMap<string, TransferPurpose | 'pay'> = new Map([
  ...[
    ...set(`
      transferi transferimos passei passamos mandei mandamos enviei enviamos movi movimentei
      depositei depositamos guardei guardamos coloquei colocamos botei botamos joguei pixei
      transferir passar mandar enviar depositar guardar colocar
    `),
  ].map((w) => [w, 'transfer'] as const),
  ...[...set('investi investimos apliquei aplicamos aportei aportamos investir aplicar')].map(
    (w) => [w, 'investment'] as const,
  ),
  ...[...set('saquei sacamos sacar')].map((w) => [w, 'withdrawal'] as const),
  ...[...set('resgatei resgatamos resgatar')].map((w) => [w, 'redemption'] as const),
  ...[...set('paguei pagamos quitei quitamos pagar quitar')].map((w) => [w, 'pay'] as const),
])
/** 'fiz um pix de 500 pra poupança', 'fiz um saque de 200'. */
const DONE_NOUNS: ReadonlyMap<string, TransferPurpose> = new Map([
  ['transferencia', 'transfer'],
  ['pix', 'transfer'],
  ['ted', 'transfer'],
  ['doc', 'transfer'],
  ['deposito', 'transfer'],
  ['aporte', 'investment'],
  ['investimento', 'investment'],
  ['aplicacao', 'investment'],
  ['saque', 'withdrawal'],
  ['resgate', 'redemption'],
])
/** Nouns that open a transfer by themselves ('resgate do cdb 2.000' stays an income). */
const HEAD_NOUNS = set('transferencia pix ted doc deposito aporte saque')
const FROM_PREPS = set('do da dos das de com pelo pela')
const TO_PREPS = set('pra para pro pros pras p ao')
const IN_PREPS = set('no na nos nas num numa em')

const FATURA = set('fatura faturas')
/** What a question about a bill may say besides the card. */
const QUERY_WORDS = new Set([
  ...set(`
    quanto quanta qual quais como esta ta tá e eh o a os as da do de das dos minha meu minhas meus
    valor total vai ficar ficou deu ver mostra mostrar me manda mande atual aberta fechada proxima
    ultima ultimo cartao credito vence quando que ja ai aqui por favor pf essa esse dessa desse
    mes
  `),
  ...MONTHS.keys(),
])

const PURPOSE_DESCRIPTION: Record<TransferPurpose, string> = {
  transfer: 'Transferência',
  investment: 'Investimento',
  withdrawal: 'Saque',
  redemption: 'Resgate',
}

// Read once: module bindings cost a getter on every access under some loaders.
const DATE_ROLE = Role.DATE
const WORD_KIND = WORD

/** The first word token that is not a lead ('eu', 'já', 'acabei de'); -1 when none. */
function head(tokens: readonly Token[]): number {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined) continue
    if (t.kind !== WORD_KIND) {
      if (t.role === DATE_ROLE) continue
      return -1
    }
    if (t.role === DATE_ROLE || LEAD.has(t.text)) continue
    if (t.text === 'de' && tokens[i - 1]?.text === 'acabei') continue
    return i
  }
  return -1
}

/** 'tirei 200 no caixa eletrônico', 'no banco 24 horas': a withdrawal. */
function atTheAtm(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const w = free(tokens, i)
    if (w === 'eletronico' && free(tokens, i - 1) === 'caixa') return true
    if (w === 'banco' && tokens[i + 1]?.text === '24') return true
  }
  return false
}

/** A phrase that names only a kind: the destination a verb implies ('saquei 200': cash). */
function kindPhrase(kind: AccountKind): AccountPhrase {
  return {
    first: -1,
    last: -1,
    said: '',
    kind,
    hint: kind === 'credit_card' ? 'card' : null,
    named: null,
    unknownName: false,
    bareCard: false,
  }
}

const MISSING: Record<AccountKind, MissingAccount> = {
  credit_card: 'credit_card',
  cash: 'cash',
  savings: 'savings',
  investment: 'investment',
  checking: 'other',
}

type Sides = { from: AccountPhrase | null; to: AccountPhrase | null; foreign: boolean }

/** The account phrases after the verb, by the role their preposition gives them. */
function sides(a: Analysis, index: AccountIndex, verb: number, purpose: TransferPurpose): Sides {
  const { tokens } = a
  const out: Sides = { from: null, to: null, foreign: false }
  const outward = purpose === 'withdrawal' || purpose === 'redemption'
  for (let i = verb + 1; i < tokens.length; i++) {
    const w = free(tokens, i)
    const role = FROM_PREPS.has(w)
      ? 'from'
      : TO_PREPS.has(w)
        ? 'to'
        : IN_PREPS.has(w)
          ? outward
            ? 'from'
            : 'to'
          : null
    if (role === null) continue
    const j = skipArticles(tokens, i + 1)
    // 'no caixa eletrônico' is the machine, not an account called Caixa.
    if (free(tokens, j) === 'caixa' && free(tokens, j + 1) === 'eletronico') {
      i = j + 1
      continue
    }
    const phrase = readPhrase(a, j, index, 'transfer')
    if (phrase === null) {
      // 'transferi 500 pro joão': money to someone, not to an account.
      if (role === 'to' && free(tokens, j) !== '') out.foreign = true
      continue
    }
    // 'passei 80 no crédito', 'mandei 50 no débito': how a purchase was paid, not a destination.
    const means =
      role === 'to' &&
      IN_PREPS.has(w) &&
      phrase.named === null &&
      !phrase.unknownName &&
      (phrase.kind === 'credit_card' || phrase.kind === 'checking' || phrase.kind === 'cash') &&
      free(tokens, j) !== 'carteira'
    if (means) out.foreign = true
    else if (out[role] === null) out[role] = phrase
    i = phrase.last
  }
  return out
}

type Dated = { on: IsoDate } | { decision: Decision }

function dateOf(a: Analysis, ctx: AssistantContext): Dated {
  const today = saoPauloToday(ctx.now)
  const date = a.dates[0]
  if (date === undefined) return { on: today }
  // Still to come: a plan, not money that moved.
  if (date.ahead || date.expr === null) return { decision: { kind: 'not_entry', reason: 'plan' } }
  const on = resolveDate(date.expr, today, 'backward')
  if (on === null) return { decision: { kind: 'not_understood' } }
  if (on > today) return { decision: { kind: 'not_entry', reason: 'plan' } }
  return { on }
}

function idOf(r: Resolved): number {
  return r !== null && 'account' in r ? r.account.id : 0
}

/** The question for the sides left open, or the explanation when nothing can be offered. */
function settle(
  asks: Array<AccountAsk | null>,
  then: AccountPending,
  need: (slot: AccountAsk['slot']) => MissingAccount,
  purpose: TransferPurpose | 'card_bill',
): Decision {
  const open = asks.filter((q): q is AccountAsk => q !== null)
  if (open.length === 0) return then
  const empty = open.find((q) => q.choices.length === 0)
  if (empty) return { kind: 'missing_account', need: need(empty.slot), purpose }
  return { kind: 'choose_account', question: { asks: open, pending: then } }
}

/** Every active account but `id`, as choices. */
function othersThan(index: AccountIndex, id: number) {
  return index.active
    .filter((acc) => acc.id !== id)
    .slice(0, MAX_CHOICES)
    .map((acc) => ({ id: acc.id, name: acc.name, kind: acc.kind }))
}

function askOf(r: Resolved): AccountAsk | null {
  return r !== null && 'ask' in r ? r.ask : null
}

function readTransfer(
  a: Analysis,
  ctx: AssistantContext,
  index: AccountIndex,
  verb: number,
  purpose: TransferPurpose,
): Decision | null {
  const said = sides(a, index, verb, purpose)
  // 'transferi 500 pro joão': paid someone. 'transferi 200 do itaú': out of an account, to
  // one not said — asked below.
  if (said.to === null && (said.foreign || (purpose === 'transfer' && said.from === null)))
    return null
  // 'transferi 500 pra poupança e 200 pro tesouro': one at a time, never half of it.
  if (a.amounts.length > 1) return { kind: 'not_understood' }
  const amount = a.amount
  if (amount === null || amount.cents <= 0)
    return { kind: 'transfer_needs_amount', purpose, too_large: false }
  if (amount.cents > MAX_ENTRY_CENTS)
    return { kind: 'transfer_needs_amount', purpose, too_large: true }
  const dated = dateOf(a, ctx)
  if ('decision' in dated) return dated.decision

  const main = index.active.find((acc) => acc.is_default) ?? null
  const toPhrase =
    said.to ??
    (purpose === 'investment'
      ? kindPhrase('investment')
      : purpose === 'withdrawal'
        ? kindPhrase('cash')
        : purpose === 'redemption'
          ? kindPhrase('checking')
          : null)
  const fromPhrase = said.from ?? (purpose === 'redemption' ? kindPhrase('investment') : null)

  let fromR: Resolved
  let toR: Resolved
  if (fromPhrase !== null) {
    fromR = resolvePhrase(fromPhrase, index, 'from')
    const fromId = idOf(fromR)
    toR = toPhrase
      ? resolvePhrase(toPhrase, index, 'to', fromId)
      : { ask: { slot: 'to', reason: 'several', said: '', choices: othersThan(index, fromId) } }
  } else if (toPhrase === null) {
    return null
  } else {
    // From the default account unless the money went into it.
    toR = resolvePhrase(toPhrase, index, 'to')
    const toId = idOf(toR)
    const source = main && main.id !== toId ? main : null
    fromR = source
      ? { account: source }
      : { ask: { slot: 'from', reason: 'several', said: '', choices: othersThan(index, toId) } }
    const toAsk = askOf(toR)
    if (toAsk && source) toAsk.choices = toAsk.choices.filter((c) => c.id !== source.id)
  }
  const then: AccountPending = {
    kind: 'transfer',
    transfer: {
      from_account_id: idOf(fromR),
      to_account_id: idOf(toR),
      amount_cents: amount.cents,
      occurred_on: dated.on,
      description: PURPOSE_DESCRIPTION[purpose],
      purpose,
    },
  }
  const need = (slot: AccountAsk['slot']): MissingAccount => {
    const phrase = slot === 'from' ? fromPhrase : toPhrase
    return phrase?.kind ? MISSING[phrase.kind] : 'other'
  }
  return settle([askOf(toR), askOf(fromR)], then, need, purpose)
}

/** The card phrase after 'fatura' ('fatura do nubank'); null when something else follows. */
function cardAfter(
  a: Analysis,
  index: AccountIndex,
  at: number,
): { phrase: AccountPhrase | null } | null {
  const { tokens } = a
  let j = at + 1
  if (!['do', 'da', 'de', 'dos', 'das'].includes(free(tokens, j))) {
    // 'fatura nubank', 'fatura cartão'.
    const bare = readPhrase(a, j, index, 'entry')
    return { phrase: bare ? { ...bare, kind: 'credit_card', hint: 'card' } : null }
  }
  j = skipArticles(tokens, j + 1)
  if (free(tokens, j) === '') return { phrase: null }
  const phrase = readPhrase(a, j, index, 'entry')
  // 'fatura da claro', 'fatura de luz': a bill, but not a card's.
  if (phrase === null) return QUERY_WORDS.has(free(tokens, j)) ? { phrase: null } : null
  return { phrase: { ...phrase, kind: 'credit_card', hint: 'card' } }
}

/** The card a message is about: after 'fatura', or 'o cartão' as what was paid. */
function findCard(
  a: Analysis,
  index: AccountIndex,
  from: number,
): { phrase: AccountPhrase | null; at: number } | null {
  const { tokens } = a
  for (let i = from; i < tokens.length; i++) {
    const w = free(tokens, i)
    if (FATURA.has(w)) {
      const card = cardAfter(a, index, i)
      return card ? { ...card, at: i } : null
    }
  }
  for (let i = from; i < tokens.length; i++) {
    if (free(tokens, i) !== 'cartao') continue
    // 'paguei 50 no cartão' is a purchase on the card; 'paguei o cartão' pays its bill.
    const before = free(tokens, i - 1)
    if (IN_PREPS.has(before) || before === 'com' || before === 'pelo' || before === 'pela')
      return null
    const phrase = readPhrase(a, i, index, 'entry')
    return phrase ? { phrase: { ...phrase, kind: 'credit_card', hint: 'card' }, at: i } : null
  }
  return null
}

function readCardPayment(
  a: Analysis,
  ctx: AssistantContext,
  index: AccountIndex,
  verb: number,
): Decision | null {
  const card = findCard(a, index, verb + 1)
  if (card === null) return null
  const { tokens } = a
  const cards = index.active.filter((acc) => acc.kind === 'credit_card')
  if (cards.length === 0)
    return { kind: 'missing_account', need: 'credit_card', purpose: 'card_bill' }
  if (a.amounts.length > 1) return { kind: 'not_understood' }
  const amount = a.amount
  if (amount !== null && amount.cents > MAX_ENTRY_CENTS)
    return { kind: 'transfer_needs_amount', purpose: 'card_bill', too_large: true }
  const dated = dateOf(a, ctx)
  if ('decision' in dated) return dated.decision
  // The account that paid: 'com a conta do itaú', 'pelo inter'.
  let fromPhrase: AccountPhrase | null = null
  const cardEnd = card.phrase?.last ?? card.at
  for (let i = verb + 1; i < tokens.length && fromPhrase === null; i++) {
    if (i >= card.at && i <= cardEnd) continue
    const w = free(tokens, i)
    if (!FROM_PREPS.has(w) && !IN_PREPS.has(w)) continue
    const j = skipArticles(tokens, i + 1)
    // 'paguei 1.250 do cartão do inter': the card itself is not where the money came from.
    if (j >= card.at && j <= cardEnd) continue
    const phrase = readPhrase(a, j, index, 'entry')
    if (phrase && phrase.kind !== 'credit_card' && !phrase.bareCard) fromPhrase = phrase
  }
  const cardR = resolvePhrase(card.phrase ?? kindPhrase('credit_card'), index, 'card')
  const main = index.active.find((acc) => acc.is_default && acc.kind !== 'credit_card') ?? null
  const fromR: Resolved = fromPhrase
    ? resolvePhrase(fromPhrase, index, 'from', idOf(cardR))
    : main
      ? { account: main }
      : resolvePhrase(kindPhrase('checking'), index, 'from', idOf(cardR))
  const then: AccountPending = {
    kind: 'pay_card_bill',
    payment: {
      card_id: idOf(cardR),
      from_account_id: idOf(fromR),
      amount_cents: amount !== null && amount.cents > 0 ? amount.cents : null,
      paid_on: dated.on,
    },
  }
  return settle(
    [askOf(cardR), askOf(fromR)],
    then,
    (slot) => (slot === 'card' ? 'credit_card' : 'other'),
    'card_bill',
  )
}

/** 'fatura do nubank', 'quanto está a fatura?': a question; nothing is recorded. */
function readBillQuery(a: Analysis, index: AccountIndex): Decision | null {
  if (a.amount !== null && a.amount.cents > 0) return null
  const { tokens } = a
  let at = -1
  for (let i = 0; i < tokens.length; i++) if (FATURA.has(free(tokens, i))) at = at < 0 ? i : at
  if (at < 0) return null
  const card = cardAfter(a, index, at)
  if (card === null) return null
  const skipFrom = card.phrase?.first ?? -1
  const skipTo = card.phrase?.last ?? -1
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined || t.kind !== WORD_KIND || (i >= skipFrom && i <= skipTo) || i === at)
      continue
    if (!QUERY_WORDS.has(t.text)) return null
  }
  const cards = index.active.filter((acc) => acc.kind === 'credit_card')
  if (cards.length === 0)
    return { kind: 'missing_account', need: 'credit_card', purpose: 'card_bill' }
  const named = card.phrase?.named?.filter((acc) => acc.kind === 'credit_card') ?? []
  // A name that matches no card: every card's bills (each is shown by name).
  return { kind: 'card_bill_query', card_ids: (named.length > 0 ? named : cards).map((c) => c.id) }
}

/**
 * Transfers, investments, withdrawals, paying and asking for a card's bill; null when the
 * message is none of them (then it may be an entry, whose account entry-account.ts reads).
 */
export function readAccountIntent(
  a: Analysis,
  ctx: AssistantContext,
  accounts: readonly AccountInfo[],
): Decision | null {
  const index = accountIndex(accounts)
  if (index.active.length === 0) return null
  const { tokens } = a
  const h = head(tokens)
  if (h < 0) return null
  const first = tokens[h]?.text ?? ''
  let verb = h
  let purpose = VERBS.get(first) ?? null
  if (purpose === null && (first === 'fiz' || first === 'fizemos')) {
    verb = skipArticles(tokens, h + 1)
    purpose = DONE_NOUNS.get(free(tokens, verb)) ?? null
  } else if (purpose === null && HEAD_NOUNS.has(first)) {
    // 'pix 500 pra poupança', 'saque de 200'.
    purpose = DONE_NOUNS.get(first) ?? null
  }
  if (purpose === null && (first === 'tirei' || first === 'retirei') && atTheAtm(tokens))
    purpose = 'withdrawal'
  if (purpose === 'pay') return readCardPayment(a, ctx, index, verb)
  if (purpose !== null) return readTransfer(a, ctx, index, verb, purpose)
  return readBillQuery(a, index)
}
