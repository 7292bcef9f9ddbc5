import type { Analysis } from './analysis.ts'
import { NUM, Role, SYM, type Token, WORD, tokenAt, wordAt } from './tokens.ts'
import type { Decision, NotEntryReason } from './types.ts'
import { addFlag } from './word-flags.ts'
import { EXPENSE_VERBS, INCOME_VERBS, UNIT_WORDS } from './vocabulary.ts'

/**
 * Messages that carry numbers but are not entries: questions ('quanto é 10% de 300?', 'será
 * que dá pra gastar 200?'), what-ifs ('se eu gastar 300…'), plans and wishes ('vou gastar 150',
 * 'quero juntar 5 mil', 'amanhã pago a luz'), sums ('120 + 45'), price quotes ('gasolina a
 * 6,19 o litro') and laughter ('kkkk 50'). Recording one would put money nobody spent into
 * the books, so this runs before the entry reader and wins over it. Commands (saldo, resumo)
 * were tried before, so a question the assistant can answer is answered.
 */

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

// Folded words. Anywhere in the message they make it a question.
const ASKING = set(`
  quanto quanta quantos quantas qto qnt qnto qts qtos quantu sera pq porque registrou anotou
  lancou anotaste registrado anotado compensa
`)
// First word (after 'e', 'mas', 'ai', 'entao') that makes it a question.
const ASKING_LEAD = set('qual quais quando onde como posso podemos consigo consegue devo')
const OPENERS = set('e mas ai entao oi ei hmm')
// Two-word askings anywhere: 'dá pra', 'tem como', 'vale a pena', 'é caro'.
const ASKING_PAIRS: readonly [string, string][] = [
  ['da', 'pra'],
  ['da', 'para'],
  ['tem', 'como'],
  ['vale', 'a'],
  ['e', 'caro'],
  ['e', 'muito'],
  ['e', 'exagero'],
  ['e', 'barato'],
  ['por', 'que'],
]

const CONDITIONAL_LEAD = set('se caso supondo suponha imagina imagine hipoteticamente')

// Plans, wishes, obligations, savings goals: nothing has been spent yet.
const PLANNING = set(`
  vou vamos vai irei iremos ira pretendo pretendemos planejo planejando planejamos pensando penso
  talvez quero queria queremos quer gostaria gastaria pagaria compraria receberia ganharia
  custaria juntar economizar poupar guardar juntando economizando poupando guardando meta metas
  orcamento objetivo devo devemos deve devem preciso precisamos precisa falta faltam gastar
  pagar comprar receber
`)
// After 'quero', 'preciso', … these verbs ask to record: 'quero lançar 50 no mercado'.
const RECORD_VERBS = set(`
  registrar lancar anotar adicionar colocar botar salvar incluir add cadastrar registra lanca
  anota adiciona coloca bota salva inclui
`)
// Words that state how things are, right before a number: 'a gasolina tá 6,29', 'meu salário
// é 3 mil' ('é' is read from the original text: folded, it is the 'e' of 'pão e leite').
const STATING = set('ta esta estou to estao tao custa custam')
// 'moro na rua 15 de novembro 45': an address.
const DWELLING = set('moro mora moramos morava')
// Recurring amounts stated, not spent now: 'pago 1.200 de aluguel por mês'.
const PER_PERIOD = set('mes semana ano dia mensal')
const PLAN_PAIRS: readonly [string, string][] = [
  ['tenho', 'que'],
  ['tenho', 'q'],
  ['temos', 'que'],
  ['tem', 'que'],
  ['daqui', 'a'],
  ['mais', 'tarde'],
  ['depois', 'eu'],
]
// Present-tense verbs: with a future day they are a plan ('amanhã pago a luz').
const PRESENT_VERBS = set('pago pagamos compro compramos gasto gastamos recebo recebemos')

// Arithmetic between numbers: '120 + 45', '12 x 35', '1200 dividido por 6', '50 mais 30'.
const OPERATOR_SYMBOLS = set('+ - * / = x ×')
const OPERATOR_WORDS = set('mais menos vezes dividido dividida')
const ARITHMETIC_WORDS = set(
  'calcula calcular calcule soma somar some divide dividir multiplica multiplicar',
)
const PER_UNIT_LEADS = set('o a por cada')

const LAUGHTER = /^(?:k{3,}|(?:ha){2,}h?|(?:he){2,}|(?:rs){2,}|(?:hue)+)$/

// One lookup per word: what each word can signal.
const ASK = 1
const ASK_LEAD = 2
const OPENER = 4
const CONDITION = 8
const PLAN = 16
const RECORD = 32
const PRESENT = 64
const OPERATOR_WORD = 128
const ARITHMETIC = 256
const PAST = 512
const PAIR_HEAD = 1024
const DWELL = 2048
const PERIOD = 4096
const PERCENT_WORD = 8192

// Kept on each word's info (word-flags.ts, slot n): looked up once, at tokenizing.
function flag(words: ReadonlySet<string>, bit: number): void {
  addFlag('n', bit, words)
}
flag(ASKING, ASK)
flag(ASKING_LEAD, ASK_LEAD)
flag(OPENERS, OPENER)
flag(CONDITIONAL_LEAD, CONDITION)
flag(PLANNING, PLAN)
flag(RECORD_VERBS, RECORD)
flag(PRESENT_VERBS, PRESENT)
flag(OPERATOR_WORDS, OPERATOR_WORD)
flag(new Set(['x']), OPERATOR_WORD)
flag(ARITHMETIC_WORDS, ARITHMETIC)
flag(new Set([...EXPENSE_VERBS, ...INCOME_VERBS].filter((w) => !PRESENT_VERBS.has(w))), PAST)
// 'acabei de pagar 200 de condomínio': just done, told with an infinitive.
flag(set('acabei acabamos acabou'), PAST)

// Two-word signals, by their first word.
const PAIRS = new Map<string, Map<string, 'ask' | 'plan' | 'condition'>>()
function pair(list: readonly [string, string][], what: 'ask' | 'plan' | 'condition'): void {
  for (const [a, b] of list) {
    const next = PAIRS.get(a) ?? new Map()
    next.set(b, what)
    PAIRS.set(a, next)
  }
}
pair(ASKING_PAIRS, 'ask')
pair(PLAN_PAIRS, 'plan')
pair([['e', 'se']], 'condition')
flag(new Set(PAIRS.keys()), PAIR_HEAD)
flag(DWELLING, DWELL)
flag(PER_PERIOD, PERIOD)
flag(set('porcento cento'), PERCENT_WORD)

const LAUGH_FIRST = new Set([107, 104, 114]) // k h r

// Dates ('30/11/2026') and phones ('98765-4321') have their own slashes and dashes.
function isOperand(t: Token | undefined): boolean {
  return t !== undefined && t.kind === NUM && t.role !== Role.DATE && t.role !== Role.PHONE
}

/** An operator at token i with numbers on both sides: '120 + 45', '1200 dividido por 6'. */
function operatorAt(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]
  if (t === undefined) return false
  let k = i + 1
  if (wordAt(tokens, k) === 'por') k++ // 'dividido por 6'
  const after = tokens[k]
  // A sign glued to its number ('+50 freela', 'mercado -30') is no operator.
  if (t.kind === SYM && (t.text === '+' || t.text === '-') && after !== undefined && !after.spaced)
    return false
  return isOperand(tokenAt(tokens, i - 1)) && isOperand(after)
}

type Signals = {
  laughter: boolean
  question: boolean
  condition: boolean
  arithmetic: boolean
  percent: boolean
  past: boolean
  present: boolean
  plans: number
  /** '120 + 45': a plus between numbers, a sum only when no other word says what they are. */
  plus: boolean
  /** Words that are neither operators nor arithmetic ('farmácia 32,90 + 12 de entrega'). */
  content: number
  /** 'moro na rua 15 de novembro 45': an address. */
  dwelling: boolean
  /** Word index of 'por mês', 'ao mês' (-1 if none); 'todo dia', 'todo mês' set `everyPeriod`. */
  perPeriodAt: number
  everyPeriod: boolean
}

/** Reads every signal in one pass over the tokens (this runs on every entry: keep it cheap). */
function signals(tokens: readonly Token[]): Signals {
  const s: Signals = {
    laughter: false,
    question: false,
    condition: false,
    arithmetic: false,
    percent: false,
    past: false,
    present: false,
    plans: 0,
    plus: false,
    content: 0,
    dwelling: false,
    perPeriodAt: -1,
    everyPeriod: false,
  }
  let prev = ''
  let prevFlags = 0
  let words = 0
  let leadSeen = false
  let planAt = -10
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined) continue
    if (t.kind === SYM) {
      const c = t.text
      if (c === '?' || c === '¿') s.question = true
      else if (c === '%') s.percent = true
      else if (c === '=') s.arithmetic = true
      else if (OPERATOR_SYMBOLS.has(c) && operatorAt(tokens, i)) {
        if (c === '+') s.plus = true
        else s.arithmetic = true
      }
      continue
    }
    if (t.kind !== WORD || t.role === Role.FILLER) continue
    const w = t.text
    // The word's bits, looked up at tokenizing; the rarer checks hang off them.
    const f = t.info.n
    if ((f & (OPERATOR_WORD | ARITHMETIC)) === 0) s.content++
    if (!leadSeen && (f & OPENER) === 0) {
      leadSeen = true
      if (f & ASK_LEAD) s.question = true
      if (f & CONDITION) s.condition = true
    }
    if (f !== 0) {
      if (f & ASK) s.question = true
      if (f & ARITHMETIC) s.arithmetic = true
      if (f & PAST) s.past = true
      if (f & PRESENT) s.present = true
      if (f & OPERATOR_WORD && operatorAt(tokens, i)) s.arithmetic = true
      if (f & RECORD && words - planAt <= 2) {
        // 'quero lançar 50', 'preciso registrar 30': a request to record, not a wish.
        s.plans--
        planAt = -10
      }
      // 'fui pagar a luz 180': a past errand told with an infinitive.
      if (f & PLAN && prev !== 'fui' && prev !== 'foi') {
        s.plans++
        planAt = words
      }
    }
    if (f & PERCENT_WORD && (w === 'porcento' || prev === 'por')) s.percent = true
    if (f & DWELL) s.dwelling = true
    if (f & PERIOD) {
      if (prev === 'todo' || prev === 'toda') s.everyPeriod = true
      else if (prev === 'por' || prev === 'ao' || prev === 'cada') s.perPeriodAt = i
    }
    if (prevFlags & PAIR_HEAD) {
      const second = PAIRS.get(prev)?.get(w)
      if (second === 'ask') s.question = true
      else if (second === 'plan') s.plans++
      else if (second === 'condition') s.condition = true
    }
    if (f === 0 && w.length >= 4 && LAUGH_FIRST.has(w.charCodeAt(0)) && LAUGHTER.test(w))
      s.laughter = true
    prev = w
    prevFlags = f
    words++
  }
  return s
}

/** 'a gasolina tá 6,29', 'meu salário é 3 mil', 'aluguel 1.500 por mês': how things are. */
function isStatement(a: Analysis, s: Signals): boolean {
  const { tokens, amount } = a
  if (amount === null) return false
  // An address; a recurring amount, not today's ('todo dia 5 pago…', '1.500 por mês').
  if (s.dwelling || s.everyPeriod || s.perPeriodAt > amount.last) return true
  for (let k = amount.first - 1; k >= 0 && k >= amount.first - 2; k--) {
    const t = tokens[k]
    if (t === undefined || t.kind !== WORD) break
    if (STATING.has(t.text)) return true
    const raw = a.original.slice(t.start, t.end).toLowerCase()
    if (raw === 'é' || raw === 'eh') return true
    if (t.text !== 'o' && t.text !== 'a' && t.text !== 'com' && t.text !== 'de') break
  }
  return false
}

/** 'gasolina a 6,19 o litro': a price per unit, not money spent. */
function isPriceQuote(a: Analysis, past: boolean): boolean {
  const amount = a.amount
  if (amount === null || past) return false
  const { tokens } = a
  return (
    PER_UNIT_LEADS.has(wordAt(tokens, amount.last + 1)) &&
    UNIT_WORDS.has(wordAt(tokens, amount.last + 2))
  )
}

function notEntry(reason: NotEntryReason): Decision {
  return { kind: 'not_entry', reason }
}

/**
 * The decision for a message that must record nothing, or null when it may be an entry.
 * `bill`: the message names a due date ('vence'), whose plans ('vai vencer') are its point.
 */
export function readNotEntry(a: Analysis, bill: boolean): Decision | null {
  // Without any number there is nothing to record by mistake; the entry reader asks for one.
  if (a.amounts.length === 0) return null
  const s = signals(a.tokens)
  if (s.laughter) return { kind: 'not_understood' }
  if (s.question) return notEntry('question')
  if (bill) return null
  if (s.condition) return notEntry('plan')
  // '10% de 300' is a sum; 'paguei 90 com 10% de desconto' is an entry with a detail.
  if (s.arithmetic || (s.plus && s.content === 0) || (s.percent && !s.past))
    return notEntry('arithmetic')
  // A past verb says money moved: 'gastei 50 no mercado e vou embora', 'paguei 60, queria
  // ter gasto menos'. Without one, a plan word wins ('vou gastar 150', 'quero juntar 5 mil').
  if (s.plans > 0 && !s.past) return notEntry('plan')
  // 'amanhã pago a luz 180': a present-tense verb with a day still to come.
  if (s.present && a.dates.some((d) => d.ahead === true)) return notEntry('plan')
  if (isPriceQuote(a, s.past)) return notEntry('question')
  if (!s.past && isStatement(a, s)) return notEntry('statement')
  return null
}
