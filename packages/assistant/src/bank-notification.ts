import type { Category, EntryType, IsoDate } from '@equilibrai/shared'
import * as formats from './bank-formats.ts'
import type { BankId, Movement } from './bank-formats.ts'
import { categorize } from './categorize.ts'
import { addMonthsClamped, resolveDate, saoPauloToday } from './dates.ts'
import { MAX_INSTALLMENTS, splitCents } from './installments.ts'
import { foldAligned, foldText } from './normalize.ts'
import type { AssistantContext, EntryDraft, InstallmentPlan } from './types.ts'

/**
 * Forwarded or pasted bank notifications (ARCHITECTURE §10), read offline: a card purchase, a
 * Pix or transfer sent or received, a refund or cancellation, cashback. Pure and fast (a few
 * regular expressions over the folded text). The amount is the transaction's — never a
 * balance, limit, installment value or cashback percentage beside it.
 */

export type BankNotification = {
  bank: BankId
  movement: Movement
  kind: EntryType
  amount_cents: number
  /** The merchant (purchases, refunds) or the other person (Pix, transfers), as written. */
  merchant: string | null
  /** The notification's own date, when it states one. */
  date?: IsoDate
  /** 'HH:MM', when stated. */
  time?: string
  /** 'final 1234': the card's last digits. */
  last_digits?: string
  /** 'em 3x': a purchase in installments. */
  installments?: number
}

export type NotificationReading =
  | { kind: 'notification'; notification: BankNotification }
  /** An offer, a bill or balance warning: it carries a figure but records nothing. */
  | { kind: 'not_transaction' }

/** What understand() does with a notification: one entry, or one purchase in installments. */
export type NotificationDecision = {
  kind: 'bank_notification'
  notification: BankNotification
  /** The entry to record (the first installment's date and description when a plan). */
  entry: EntryDraft
  plan?: InstallmentPlan
  /** The notification's text normalized (folded, spaces collapsed): same text, same key. */
  fingerprint: string
}

const MAX_NOTIFICATION_LENGTH = 1500
const HAS_DIGIT = /\d/

// One amount: R$ / RS / BRL sign, thousands with dots, decimal comma (or a dot and 2 digits).
const AMOUNT =
  /(?<![\d/.,])(?:(r\$|rs|brl)\s?)?(\d{1,3}(?:\.\d{3})+(?:,\d{2})?|\d+,\d{2}|\d+(?:\.\d{2})?)(?![\d/:,]|\.\d|\s?%|\s?x\b|h\d)/g
const DATE_NUM = /(?<![\d,.])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/
const DATE_WORD =
  /(?<![\d,.])(\d{1,2})(?: de)? (jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)[a-z]*\.?(?: de (\d{4}))?(?![a-z])/
const TIME = /(?<![\d,.])([01]?\d|2[0-3])(?:h|:)([0-5]\d)(?![\d,])/
const LAST_DIGITS = /\b(?:final|terminado em|terminacao|\*{2,4}|x{4})\s*:?\s*(\d{4})(?!\d)/
const INSTALLMENTS = /\b(?:em |parcelad[oa] em )?(\d{1,2}) ?(?:x|vezes|parcelas)\b/

// The other modules' values read once into local constants: the hot path then reads no import
// bindings (under tsx every imported name is a getter call).
const {
  BANK_AS_MERCHANT,
  detectBank,
  MAYBE_NOTIFICATION,
  MONTHS,
  movementOf,
  NAME_NEVER_STARTS,
  NAME_STOP,
  NOT_A_TRANSACTION,
  NOTIFICATION_CUE,
} = formats

type Amount = { cents: number; start: number; end: number; signed: boolean }

// Patterns of the hot path, built once (not per call).
const LETTER = /[a-z]/
const THOUSANDS_ONLY = /^\d{1,3}(?:\.\d{3})+$/
const SALDO_OR_LIMITE = /\b(?:saldo|limite)\b/
const STILL_A_TRANSACTION = /\bcompra aprovada\b|\bvoce recebeu r\$|\bpix (?:recebido|enviado)\b/
const BEFORE_INSTALLMENT = /\d ?x (?:de )?$|\bparcelas? (?:de )?$/
const BEFORE_CASHBACK = /\bcashback (?:de )?$/
const AFTER_CASHBACK = /^ de cashback\b/
const BEFORE_ASIDE =
  /\b(?:saldo|limite|disponivel|disponiveis)\b[^.;!\n]*$|\bate $|\bde ate $|\ba partir de $|\btotal da fatura $|\bfatura $/
/** BEFORE_ASIDE matches only where one of these stands. */
const ASIDE_WORDS = ['saldo', 'limite', 'disponivel', 'ate ', 'a partir de ', 'fatura ']
function hasAny(text: string, words: readonly string[]): boolean {
  for (const w of words) if (text.includes(w)) return true
  return false
}
const AFTER_ASIDE = /^ ?(?:disponive|de limite|de saldo)/

function amountsIn(folded: string): Amount[] {
  const found: Amount[] = []
  AMOUNT.lastIndex = 0
  for (let m = AMOUNT.exec(folded); m; m = AMOUNT.exec(folded)) {
    const sign = m[1]
    const num = m[2] ?? ''
    const hasComma = num.includes(',')
    if (!sign && !hasComma) continue
    if (sign === 'rs' && m.index > 0 && LETTER.test(folded[m.index - 1] ?? '')) continue
    const cents = toCents(num)
    if (cents === null || cents <= 0) continue
    found.push({ cents, start: m.index, end: m.index + m[0].length, signed: !!sign })
  }
  return found
}

function toCents(num: string): number | null {
  const comma = num.indexOf(',')
  if (comma >= 0) {
    const reais = Number(num.slice(0, comma).replaceAll('.', ''))
    return reais * 100 + Number(num.slice(comma + 1))
  }
  if (THOUSANDS_ONLY.test(num)) return Number(num.replaceAll('.', '')) * 100
  const [r, c] = num.split('.')
  return Number(r) * 100 + (c ? Number(c) : 0)
}

type Role = 'plain' | 'aside' | 'installment' | 'cashback'

/** What an amount is, from the words around it. */
function roleOf(folded: string, a: Amount): Role {
  const before = folded.slice(Math.max(0, a.start - 28), a.start)
  const after = folded.slice(a.end, a.end + 16)
  // Each pattern runs only when a word it needs is there (most amounts are plain).
  if ((before.includes('x ') || before.includes('parcela')) && BEFORE_INSTALLMENT.test(before))
    return 'installment'
  if (
    (before.includes('cashback') && BEFORE_CASHBACK.test(before)) ||
    (after.includes('cashback') && AFTER_CASHBACK.test(after))
  )
    return 'cashback'
  if ((hasAny(before, ASIDE_WORDS) && BEFORE_ASIDE.test(before)) || AFTER_ASIDE.test(after))
    return 'aside'
  return 'plain'
}

/** Reads a notification; null when the text is not one (understand() goes on as before). */
export function readBankNotification(text: string, now: Date): NotificationReading | null {
  if (typeof text !== 'string' || text.length > MAX_NOTIFICATION_LENGTH) return null
  // Cheap first looks: every notification has a figure and one of a few words.
  if (!HAS_DIGIT.test(text) || !MAYBE_NOTIFICATION.test(text)) return null
  const { folded, aligned: original } = foldAligned(text)
  const cue = NOTIFICATION_CUE.test(folded)
  // Each test below runs once per text; the answers are reused.
  let offer: boolean | undefined
  let saldo: boolean | undefined
  if (!cue) {
    offer = NOT_A_TRANSACTION.test(folded)
    if (!offer) {
      saldo = SALDO_OR_LIMITE.test(folded)
      if (!saldo) return null
    }
  }
  const amounts = amountsIn(folded)
  if (amounts.length === 0) return null
  const bank = detectBank(folded)
  if ((offer ?? NOT_A_TRANSACTION.test(folded)) && !STILL_A_TRANSACTION.test(folded))
    return cue || bank !== 'unknown' ? { kind: 'not_transaction' } : null
  const movement = cue ? movementOf(folded) : null
  if (!movement) {
    // A balance or limit alone ('Saldo disponível R$ 1.204,55') from a bank: nothing to record.
    if (bank !== 'unknown' && (saldo ?? SALDO_OR_LIMITE.test(folded)))
      return { kind: 'not_transaction' }
    return null
  }
  const roles: Role[] = []
  for (const a of amounts) roles.push(roleOf(folded, a))
  const count = installmentCount(folded, movement)
  let amount: Amount | undefined
  let cents = 0
  if (movement === 'cashback') {
    let i = -1
    for (let k = 0; k < roles.length; k++) {
      if (roles[k] === 'cashback' || roles[k] === 'plain') {
        i = k
        break
      }
    }
    amount = amounts[i]
    cents = amount?.cents ?? 0
  } else {
    const i = roles.indexOf('plain')
    if (i >= 0) {
      amount = amounts[i]
      cents = amount?.cents ?? 0
    } else if (count) {
      const j = roles.indexOf('installment')
      amount = amounts[j]
      cents = (amount?.cents ?? 0) * count
    }
  }
  if (!amount || cents <= 0) return roles.includes('aside') ? { kind: 'not_transaction' } : null

  const kind: EntryType =
    movement === 'refund' ||
    movement === 'cashback' ||
    movement === 'pix_received' ||
    movement === 'transfer_received'
      ? 'income'
      : 'expense'
  const time = TIME.exec(folded)
  const notification: BankNotification = {
    bank,
    movement,
    kind,
    amount_cents: cents,
    merchant: merchantOf(folded, original, movement, amounts, time),
  }
  const date = dateOf(folded, now)
  if (date) notification.date = date
  if (time) notification.time = `${(time[1] ?? '').padStart(2, '0')}:${time[2]}`
  // LAST_DIGITS matches only where one of these words or marks stands: look for them first.
  const digits =
    folded.includes('final') ||
    folded.includes('termina') ||
    folded.includes('**') ||
    folded.includes('xxxx')
      ? LAST_DIGITS.exec(folded)
      : null
  if (digits?.[1]) notification.last_digits = digits[1]
  if (count && kind === 'expense') notification.installments = count
  return { kind: 'notification', notification }
}

function installmentCount(folded: string, movement: Movement): number | undefined {
  if (movement !== 'purchase' && movement !== 'payment') return undefined
  const m = INSTALLMENTS.exec(folded)
  const n = m ? Number(m[1]) : 0
  return n >= 2 && n <= MAX_INSTALLMENTS ? n : undefined
}

function dateOf(folded: string, now: Date): IsoDate | undefined {
  const today = saoPauloToday(now)
  const num = DATE_NUM.exec(folded)
  const word = DATE_WORD.exec(folded)
  let day: number
  let month: number
  let year: string | undefined
  if (num && (!word || num.index <= word.index)) {
    day = Number(num[1])
    month = Number(num[2])
    year = num[3]
  } else if (word) {
    day = Number(word[1])
    month = MONTHS[word[2] ?? ''] ?? 0
    year = word[3]
  } else return undefined
  const resolved = year
    ? resolveDate(
        { kind: 'full', day, month, year: Number(year.length === 2 ? `20${year}` : year) },
        today,
        'backward',
      )
    : resolveDate({ kind: 'day_month', day, month }, today, 'backward')
  return resolved ?? undefined
}

// Where a name starts, by movement (folded text; the name is read from the original).
const TO_MARKER = /\bpara (?:o |a )?/g
const TO_FIELD = /\b(?:destinatario|favorecido|recebedor|para)\s*:\s*/g
const FROM_FIELD = /\b(?:pagador|remetente|origem|de)\s*:\s*/g
const FROM_MARKER = /\bde (?:o |a )?/g
const AT_MARKER =
  /\b(?:local|estabelecimento|estab|loja|favorecido|destinatario|recebedor)\s*:\s*|\bno\(a\) |\breferente (?:a |ao |à )?|\bcompra em |\bcompra aprovada (?!de |no |na |em |r\$|rs )(?=[a-z*])|\bem /g

function merchantOf(
  folded: string,
  original: string,
  movement: Movement,
  amounts: Amount[],
  time: RegExpExecArray | null,
): string | null {
  const starts: number[] = []
  if (movement === 'pix_sent' || movement === 'transfer_sent' || movement === 'payment') {
    collectEnds(TO_FIELD, folded, starts)
    collectEnds(TO_MARKER, folded, starts)
    if (movement === 'payment') collectEnds(AT_MARKER, folded, starts)
  } else if (movement === 'pix_received' || movement === 'transfer_received') {
    collectEnds(FROM_FIELD, folded, starts)
    collectEnds(FROM_MARKER, folded, starts)
  } else if (movement === 'cashback') {
    collectEnds(AT_MARKER, folded, starts)
  } else {
    collectEnds(AT_MARKER, folded, starts)
  }
  // After the amount and after a time ('R$ 22,00 ESTACIONAMENTO', '12:31 UBER TRIP').
  if (movement === 'purchase' || movement === 'refund' || movement === 'payment') {
    for (const a of amounts) starts.push(a.end)
    if (time) starts.push(time.index + time[0].length)
  }
  for (const s of starts) {
    const name = nameAt(folded, original, s)
    if (name) return name
  }
  return null
}

/** Where each match of `re` ends, pushed onto `starts` (a plain function: no closure per call). */
function collectEnds(re: RegExp, folded: string, starts: number[]): void {
  re.lastIndex = 0
  for (let m = re.exec(folded); m; m = re.exec(folded)) starts.push(m.index + m[0].length)
}

/** A name from `start`: words up to a stop word, a date, an amount or punctuation. */
function nameAt(folded: string, original: string, start: number): string | null {
  let i = start
  while (folded[i] === ' ') i++
  const from = i
  let end = i
  let words = 0
  const n = folded.length
  while (i < n) {
    // one word
    let j = i
    while (j < n && !isSpace(folded.charCodeAt(j))) j++
    let word = folded.slice(i, j)
    // trailing punctuation ends the name after this word
    let last = false
    if (
      PUNCT.includes(word.charAt(word.length - 1)) &&
      !(word.endsWith(')') && word.includes('('))
    ) {
      let k = word.length
      while (k > 0 && PUNCT.includes(word.charAt(k - 1))) k--
      word = word.slice(0, k)
      last = true
    }
    if (word === '' || word === '-' || NAME_STOP.has(word)) break
    if (word === 'dia' && folded[j] === ' ' && isDigit(folded.charCodeAt(j + 1))) break
    if (words === 0 && NAME_NEVER_STARTS.has(word)) return null
    const c0 = word.charCodeAt(0)
    if (c0 >= 48 && c0 <= 57) {
      if (NUMBER_WORD.test(word)) break
      if (word.length <= 2 && MONTH_AHEAD.test(folded.slice(j, j + 5))) break
    }
    end = i + word.length
    words++
    if (last || words >= 8 || folded[j] === '\n') break
    i = j
    while (i < n && folded[i] === ' ') i++
  }
  if (words === 0) return null
  const name = original.slice(from, end).trim()
  const key = folded.slice(from, end).trim()
  if (name.length < 2 || BANK_AS_MERCHANT.test(key)) return null
  return name
}

const PUNCT = '.,;:!?)'
const NUMBER_WORD = /^(?:\d{1,2}\/\d{1,2}|\d+,\d{2}|\d{1,2}[h:]\d{2}|\d+x$)/

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}
const MONTH_AHEAD = /^ (?:jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)\b/

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

/** 'RAIA DROGASIL' → 'Raia Drogasil'; mixed case stays as written. */
export function tidyName(name: string): string {
  if (name !== name.toUpperCase()) return name
  return name
    .toLowerCase()
    .replace(/(^|[\s*/-])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase())
}

function describe(n: BankNotification): string {
  const who = n.merchant ? tidyName(n.merchant) : null
  switch (n.movement) {
    case 'pix_sent':
      return who ? `Pix para ${who}` : 'Pix enviado'
    case 'pix_received':
      return who ? `Pix de ${who}` : 'Pix recebido'
    case 'transfer_sent':
      return who ? `Transferência para ${who}` : 'Transferência enviada'
    case 'transfer_received':
      return who ? `Transferência de ${who}` : 'Transferência recebida'
    case 'refund':
      return who ? `Estorno ${who}` : 'Estorno'
    case 'cashback':
      return who ? `Cashback ${who}` : 'Cashback'
    default:
      return who ?? (n.last_digits ? `Compra no cartão final ${n.last_digits}` : 'Compra')
  }
}

function categoryOf(n: BankNotification, ctx: AssistantContext): Category {
  if (n.movement === 'refund' || n.movement === 'cashback') return 'outras_receitas'
  if (n.kind === 'income') return 'outras_receitas'
  if (!n.merchant) return 'outros'
  return categorize(n.merchant, 'expense', ctx.learnedWords)
}

/** The notification's text as a key: folded, forwarding marks and spaces collapsed. */
export function notificationFingerprint(text: string): string {
  return foldText(text)
    .replace(/^\s*(?:encaminhada|forwarded|mensagem encaminhada|fwd?:?)\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** understand()'s path: a notification becomes an entry (or a plan); an offer records nothing. */
export function notificationDecision(
  text: string,
  ctx: AssistantContext,
): NotificationDecision | { kind: 'not_entry'; reason: 'statement' } | null {
  const reading = readBankNotification(text, ctx.now)
  if (!reading) return null
  if (reading.kind === 'not_transaction') return { kind: 'not_entry', reason: 'statement' }
  const n = reading.notification
  const entry: EntryDraft = {
    type: n.kind,
    amount_cents: n.amount_cents,
    description: describe(n),
    category: categoryOf(n, ctx),
    occurred_on: n.date ?? saoPauloToday(ctx.now),
  }
  const decision: NotificationDecision = {
    kind: 'bank_notification',
    notification: n,
    entry,
    fingerprint: notificationFingerprint(text),
  }
  if (n.installments) {
    const parts = splitCents(n.amount_cents, n.installments)
    decision.plan = {
      description: entry.description,
      category: entry.category,
      type: entry.type,
      total_cents: n.amount_cents,
      count: n.installments,
      entries: parts.map((cents, k) => ({
        ...entry,
        amount_cents: cents,
        description: `${entry.description} (${k + 1}/${n.installments})`,
        occurred_on: addMonthsClamped(entry.occurred_on, k),
      })),
    }
  }
  return decision
}
