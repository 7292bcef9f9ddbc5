import type { Analysis } from './analysis.ts'
import { NUM, Role, SYM, type Token, WORD, wordAt } from './tokens.ts'
import type { Decision, NotEntryReason } from './types.ts'
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
  orcamento objetivo devo devemos preciso precisamos precisa falta faltam gastar pagar comprar
  receber
`)
// After 'quero', 'preciso', … these verbs ask to record: 'quero lançar 50 no mercado'.
const RECORD_VERBS = set(`
  registrar lancar anotar adicionar colocar botar salvar incluir add cadastrar registra lanca
  anota adiciona coloca bota salva inclui
`)
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

function words(tokens: readonly Token[]): string[] {
  const out: string[] = []
  for (const t of tokens) if (t.kind === WORD && t.role !== Role.FILLER) out.push(t.text)
  return out
}

function hasPair(list: readonly string[], pairs: readonly [string, string][]): boolean {
  for (let i = 0; i + 1 < list.length; i++)
    for (const [a, b] of pairs) if (list[i] === a && list[i + 1] === b) return true
  return false
}

function firstWord(list: readonly string[]): { word: string; at: number } {
  let i = 0
  while (i < list.length - 1 && OPENERS.has(list[i] ?? '')) i++
  return { word: list[i] ?? '', at: i }
}

function hasPastVerb(tokens: readonly Token[]): boolean {
  for (const t of tokens) {
    if (t.kind !== WORD) continue
    if ((EXPENSE_VERBS.has(t.text) || INCOME_VERBS.has(t.text)) && !PRESENT_VERBS.has(t.text))
      return true
  }
  return false
}

function isQuestion(a: Analysis, list: readonly string[]): boolean {
  for (const t of a.tokens) if (t.kind === SYM && (t.text === '?' || t.text === '¿')) return true
  if (list.some((w) => ASKING.has(w))) return true
  if (ASKING_LEAD.has(firstWord(list).word)) return true
  return hasPair(list, ASKING_PAIRS)
}

function isConditional(list: readonly string[]): boolean {
  return CONDITIONAL_LEAD.has(firstWord(list).word) || hasPair(list, [['e', 'se']])
}

function isPlan(a: Analysis, list: readonly string[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const w = list[i] ?? ''
    if (!PLANNING.has(w)) continue
    // 'quero lançar 50', 'preciso registrar 30': a request to record, not a wish.
    if (RECORD_VERBS.has(list[i + 1] ?? '') || RECORD_VERBS.has(list[i + 2] ?? '')) continue
    // 'fui pagar a luz 180': a past errand told with an infinitive.
    if ((w === 'pagar' || w === 'comprar' || w === 'gastar') && hasPastVerb(a.tokens)) continue
    if (list[i - 1] === 'fui' || list[i - 1] === 'foi') continue
    return true
  }
  if (hasPair(list, PLAN_PAIRS)) return true
  // 'amanhã pago a luz 180': a present-tense verb with a day still to come.
  const ahead = a.dates.some((d) => d.ahead === true)
  return ahead && list.some((w) => PRESENT_VERBS.has(w))
}

// Dates ('30/11/2026') and phones ('98765-4321') have their own slashes and dashes.
function isOperand(t: Token | undefined): boolean {
  return t !== undefined && t.kind === NUM && t.role !== Role.DATE && t.role !== Role.PHONE
}

function isArithmetic(a: Analysis, list: readonly string[]): boolean {
  const { tokens } = a
  if (list.some((w) => ARITHMETIC_WORDS.has(w))) return true
  let percent = false
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined) continue
    if ((t.kind === SYM && t.text === '%') || (t.kind === WORD && t.text === 'porcento'))
      percent = true
    if (t.kind === WORD && t.text === 'por' && wordAt(tokens, i + 1) === 'cento') percent = true
    if (t.kind === SYM && t.text === '=') return true
    const operator =
      (t.kind === SYM && OPERATOR_SYMBOLS.has(t.text)) ||
      (t.kind === WORD && (OPERATOR_SYMBOLS.has(t.text) || OPERATOR_WORDS.has(t.text)))
    if (!operator) continue
    const before = tokens[i - 1]
    let k = i + 1
    if (wordAt(tokens, k) === 'por') k++ // 'dividido por 6'
    const after = tokens[k]
    // A sign glued to its number ('+50 freela', 'mercado -30') is no operator.
    if (
      t.kind === SYM &&
      (t.text === '+' || t.text === '-') &&
      after !== undefined &&
      !after.spaced
    )
      continue
    if (isOperand(before) && isOperand(after)) return true
  }
  // '10% de 300' is a sum; 'paguei 90 com 10% de desconto' is an entry with a detail.
  return percent && !hasPastVerb(tokens)
}

/** 'gasolina a 6,19 o litro': a price per unit, not money spent. */
function isPriceQuote(a: Analysis): boolean {
  const amount = a.amount
  if (amount === null) return false
  const { tokens } = a
  return (
    PER_UNIT_LEADS.has(wordAt(tokens, amount.last + 1)) &&
    UNIT_WORDS.has(wordAt(tokens, amount.last + 2)) &&
    !hasPastVerb(tokens)
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
  const list = words(a.tokens)
  if (list.some((w) => LAUGHTER.test(w))) return { kind: 'not_understood' }
  // Without any number there is nothing to record by mistake; the entry reader asks for one.
  if (a.amounts.length === 0) return null
  if (isQuestion(a, list)) return notEntry('question')
  if (bill) return null
  if (isConditional(list)) return notEntry('plan')
  if (isArithmetic(a, list)) return notEntry('arithmetic')
  if (isPlan(a, list)) return notEntry('plan')
  if (isPriceQuote(a)) return notEntry('question')
  return null
}
