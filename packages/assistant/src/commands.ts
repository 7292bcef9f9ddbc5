import { type Category, MAX_ENTRY_CENTS } from '@equilibrai/shared'
import type { Analysis } from './analysis.ts'
import { categoryByName, categoryNamed, wordSeq } from './categorize.ts'
import {
  type CustomCategoryInfo,
  customCategoryAsked,
  customCategoryNamed,
} from './custom-category.ts'
import { readMonthYear } from './date-reader.ts'
import { monthOffset, recentMonth, saoPauloToday } from './dates.ts'
import { type DayRange, weekNamed } from './periods.ts'
import { NUM, Role, type Token, WORD, allDigits } from './tokens.ts'
import { readReportRequest } from './report-intents.ts'
import type { AssistantContext, Decision } from './types.ts'
import { MONTHS } from './vocabulary.ts'
import { addFlag, infoOf } from './word-flags.ts'

/**
 * Commands: everything that is not a new entry. Each reader is strict about the words it
 * accepts around its keyword, so an entry that happens to contain 'apagar' or 'resumo' is
 * not taken for a command; a reader that does not fit returns null and the next one tries.
 * Word lists are folded (no accents); multi-word answers join their words with '_'.
 */

export type Words = {
  /** Folded words, polite filler removed, with their token indexes. */
  list: string[]
  at: number[]
  numbers: Token[]
  /** The command bits (`C` below, word-flags.ts slot c) of any word of `list`, or'ed. */
  any: number
}

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

const POLITE = set('por favor pf pfv pfvr porfavor favor ai entao please plz')

const YES = set(`
  sim s ss sim_sim isso isso_mesmo isso_ai confirmo confirma confirmar confirmado pode pode_sim
  pode_ser pode_confirmar pode_registrar pode_lancar pode_salvar pode_anotar ok okay okey blz
  beleza certo correto exato claro claro_que_sim yes y positivo uhum aham sim_pode sim_confirmo
  sim_esta_certo ta_certo esta_certo manda bora fechado perfeito sim_sim_sim confirmar_sim
  sim_confirma sim_claro com_certeza pode_mandar isso_pode confirmo_sim sim_registra registra
`)
const NO = set(`
  nao n nn nao_quero cancela cancelar cancele negativo errado esta_errado ta_errado nao_e_isso
  nope no deixa deixa_pra_la esquece nem nao_obrigado nao_confirma nao_confirmo nao_registra
  nao_pode nao_nao nao_precisa nao_cancela nao_cancela_isso cancela_isso nao_era_isso
  nao_registrar
`)
// Single words of the yes answers: 'blz pode registrar', 'ok pode lançar'.
const YES_WORDS = set(`
  sim s ok okay blz beleza certo isso pode registrar registra lancar lanca anotar anota salvar
  confirmo confirma confirmar fechado perfeito bora manda claro positivo exato correto
`)
const EMOJI_YES = set('👍 👍🏻 👍🏼 👍🏽 👍🏾 👍🏿 ✅ 👌 ✔️')
const EMOJI_NO = set('👎 👎🏻 👎🏼 👎🏽 👎🏾 👎🏿 ❌ 🚫')

const HELP_CORE = set(`
  ajuda help menu comandos socorro instrucoes opcoes funciona tutorial inicio comecar start
  oi ola opa eai hey hello hi salve alo bom boa obrigado obrigada obg valeu vlw brigado
  brigada tchau ajude faz fazer usar
`)
const HELP_VOCAB = new Set([
  ...HELP_CORE,
  ...set(`
    dia tarde noite tudo bem como o que voce vc faz pode fazer sabe usar uso me preciso de e td
    qual quais sao os as voces assistente equilibrai ta esta fala gente pessoal amigo isso
    manda mostra mostrar lista seus funcionalidades posso eu tem aqui com a um uma
    ajudar consegue oque q pra para serve muito mt tmj
  `),
])

const LEAD = set(
  'quero queria pode poderia preciso tem como da pra me eu vc voce consegue gostaria so ja',
)
const UNDO = set('desfazer desfaz desfaca desfiz undo')
const DELETE = set(`
  apagar apaga apague excluir exclui exclua deletar deleta delete remover remove remova tirar
  tira tire cancelar cancela cancele estornar estorna
`)
const CORRECT = set(`
  corrigir corrige corrija correcao alterar altera altere mudar muda mude trocar troca troque
  editar edita edite ajustar ajusta ajuste atualizar atualiza atualize arrumar arruma arrume
  consertar conserta
`)
const MOVE = set(`
  coloca coloque colocar poe ponha bota bote botar move mova mover passa passe passar joga
  jogue classifica classifique categoriza categorize marca marque
`)
const LAST_ENTRY = set(`
  o a os as esse essa isso este esta isto ultimo ultima lancamento registro gasto item numero n
  de do da entrada receita despesa aquele aquela agora mesmo ja que eu mandei acabei enviei
  anotei registrar lancar anterior valor e
`)
const TARGET_MARKERS = set('para pra pro p em como na no pela pelo')
// What may stand between a correction verb and its new value or category: 'corrigir o último
// lançamento para', 'mudar a categoria do último para'. Anything else ('troca de óleo 120') means
// the message is not a correction at all.
const EDIT_OBJECT = new Set([...LAST_ENTRY, 'categoria', 'cat', 'certo', 'correto'])
const CORRECTION_WORDS = set(`
  o valor certo correto certa correta era e eh foi na verdade ultimo do corrigindo correcao
  opa ops errei digitei errado quis dizer desculpa desculpe nao mas real seria sao
`)
const CORRECTION_MARKERS = set('era verdade corrigindo correcao errei digitei quis seria')
const CATEGORY_SAYING = set(
  'isso e eh era foi o ultimo na verdade de categoria a ele ela esse essa',
)

const BALANCE_PHRASES = [
  ['quanto', 'tenho'],
  ['quanto', 'sobrou'],
  ['quanto', 'resta'],
  ['quanto', 'me', 'resta'],
  ['quanto', 'me', 'sobrou'],
  ['quanto', 'ainda', 'tenho'],
  ['como', 'estou'],
  ['como', 'to'],
  ['como', 'estao', 'minhas', 'financas'],
]
const SUMMARY_CORE = set(
  'resumo resumao relatorio balanco fechamento gastos despesas ganhos receitas entradas saidas',
)
const SPEND_VERBS = set(
  'gastei gastamos gasto gastou ganhei ganhamos recebi recebemos entrou saiu paguei gastando',
)
const INCOME_ASK = set('ganhei ganhamos recebi recebemos entrou ganhos receitas entradas')
const RECENT_CORE = set(`
  ultimos ultimas lancamentos historico extrato movimentacoes movimentos transacoes registros
  listar lista list recentes
`)
const THIS_MONTH_LEAD = set('esse este neste nesse deste desse do no')

// What each word can be for a command, looked up once per word at tokenizing (word-flags.ts):
// a reader whose words are all absent leaves on one bit test.
const C = {
  POLITE: 1,
  EDIT_HEAD: 2,
  CORRECTION_MARKER: 4,
  SUMMARY_CORE: 8,
  RECENT_CORE: 16,
  INCOME_ASK: 32,
  SALDO: 64,
  QUANTO: 128,
  COMO: 256,
} as const
addFlag('c', C.POLITE, POLITE)
addFlag('c', C.EDIT_HEAD, [...UNDO, ...DELETE, ...CORRECT, ...MOVE])
addFlag('c', C.CORRECTION_MARKER, CORRECTION_MARKERS)
addFlag('c', C.SUMMARY_CORE, SUMMARY_CORE)
addFlag('c', C.RECENT_CORE, RECENT_CORE)
addFlag('c', C.INCOME_ASK, INCOME_ASK)
addFlag('c', C.SALDO, ['saldo'])
addFlag('c', C.QUANTO, ['quanto'])
addFlag('c', C.COMO, ['como'])

// Abbreviations people type for question words: 'qto gastei', 'qnt tenho', 'q eu gastei'.
const SPELLED_OUT: ReadonlyMap<string, string> = new Map([
  ['qto', 'quanto'],
  ['qnt', 'quanto'],
  ['qnto', 'quanto'],
  ['qt', 'quanto'],
  ['qtos', 'quanto'],
])

function readWords(a: Analysis): Words {
  const { tokens } = a
  // Counted first, so each list is made at its size (an empty list grows to 17 places at its
  // first push): at most every word, and exactly every number.
  let words = 0
  let count = 0
  for (let i = 0; i < tokens.length; i++) {
    const kind = tokens[i]?.kind
    if (kind === WORD) words++
    else if (kind === NUM) count++
  }
  const list = new Array<string>(words)
  const at = new Array<number>(words)
  const numbers = new Array<Token>(count)
  let n = 0
  let m = 0
  let any = 0
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined) continue
    if (t.kind === NUM) numbers[m++] = t
    // 'me conta', 'conta pra mim' (tell-verbs.ts) and 'por favor' carry no command.
    if (t.kind !== WORD || t.role === Role.FILLER || (t.info.c & C.POLITE) !== 0) continue
    // 'quanto q eu gastei': a lone 'q' after a question word is 'que'.
    if (t.text === 'q' && n > 0 && list[n - 1] === 'quanto') continue
    // Only 'q…' abbreviations are spelled out: one comparison for every other word.
    const spelled = t.text.charCodeAt(0) === 113 ? SPELLED_OUT.get(t.text) : undefined
    if (spelled === undefined) {
      list[n] = t.text
      any |= t.info.c
    } else {
      list[n] = spelled
      any |= infoOf(spelled).c
    }
    at[n++] = i
  }
  // Filler and polite words were left out: the lists end at the last word kept (rare: cutting
  // an array's length is a call into the engine).
  if (n < words) {
    list.length = n
    at.length = n
  }
  return { list, at, numbers, any }
}

/** Four digits (/^\d{4}$/). */
function isYearShape(text: string): boolean {
  return text.length === 4 && allDigits(text)
}

function hasPhrase(list: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= list.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (list[i + k] !== phrase[k]) continue outer
    return true
  }
  return false
}

function allIn(list: readonly string[], vocab: ReadonlySet<string>, from = 0): boolean {
  for (let i = from; i < list.length; i++) if (!vocab.has(list[i] ?? '')) return false
  return true
}

function someIn(list: readonly string[], vocab: ReadonlySet<string>): boolean {
  for (let i = 0; i < list.length; i++) if (vocab.has(list[i] ?? '')) return true
  return false
}

function confirmation(a: Analysis, w: Words): Decision | null {
  if (w.list.length === 0) {
    const bare = a.original.trim()
    if (EMOJI_YES.has(bare)) return { kind: 'confirm', yes: true }
    if (EMOJI_NO.has(bare)) return { kind: 'confirm', yes: false }
    return null
  }
  if (w.numbers.length > 0 || w.list.length > 4) return null
  const key = w.list.join('_')
  if (YES.has(key)) return { kind: 'confirm', yes: true }
  if (NO.has(key)) return { kind: 'confirm', yes: false }
  if (w.list.length > 1 && allIn(w.list, YES_WORDS)) return { kind: 'confirm', yes: true }
  return null
}

function help(w: Words): Decision | null {
  if (w.numbers.length > 0 || w.list.length === 0 || w.list.length > 8) return null
  return allIn(w.list, HELP_VOCAB) && someIn(w.list, HELP_CORE) ? { kind: 'help' } : null
}

/** The category named after a marker ('... para lazer') or after 'categoria'. */
function targetCategory(a: Analysis, w: Words): Category | null {
  let from = -1
  for (let k = 0; k < w.list.length; k++) {
    const word = w.list[k] ?? ''
    if (TARGET_MARKERS.has(word) || word === 'categoria') from = k + 1
  }
  if (from < 0 || from >= w.list.length) return null
  const first = w.at[from] ?? a.tokens.length
  return categoryByName(wordSeq(a.tokens, a.original, first))
}

const ARTICLE = set('o a os as')

/**
 * '… para Cachorro': a category of one's own named whole after a marker (or 'categoria'), with
 * only words of `allowed` before that marker. The earliest marker wins, so a name holding a
 * marker ('Casa na praia') is read whole.
 */
function targetCustom(
  list: readonly string[],
  from: number,
  allowed: ReadonlySet<string>,
  own: readonly CustomCategoryInfo[],
): Decision | null {
  for (let k = from; k < list.length; k++) {
    const word = list[k] ?? ''
    if (!TARGET_MARKERS.has(word) && word !== 'categoria') {
      if (allowed.has(word)) continue
      return null
    }
    const tail = list.slice(k + 1)
    // 'para o Cachorro'
    const c =
      customCategoryNamed(tail, own, POLITE) ??
      (ARTICLE.has(tail[0] ?? '') ? customCategoryNamed(tail.slice(1), own, POLITE) : null)
    if (c) return { kind: 'change_category', category: c.category, custom_category_id: c.id }
  }
  return null
}

/** 'apagar 3', 'desfazer', 'corrigir último para 55', 'mudar categoria do último para lazer'. */
function editing(a: Analysis, w: Words, ctx: AssistantContext): Decision | null {
  // Nearly every message leaves here: none of its words is an editing verb.
  if ((w.any & C.EDIT_HEAD) === 0) return null
  let h = 0
  while (h < w.list.length - 1 && LEAD.has(w.list[h] ?? '')) h++
  const head = w.list[h] ?? ''
  // Nearly every message leaves here: its first word is no editing verb.
  if (!UNDO.has(head) && !DELETE.has(head) && !CORRECT.has(head) && !MOVE.has(head)) return null
  const rest = w.list.slice(h + 1)
  if (UNDO.has(head)) {
    return w.numbers.length === 0 && allIn(rest, LAST_ENTRY) ? { kind: 'undo' } : null
  }
  if (DELETE.has(head)) {
    // 'apagar o mercado' names an entry by its words; only numbers and 'último' are understood.
    if (!allIn(rest, LAST_ENTRY)) return { kind: 'not_understood' }
    if (w.numbers.length === 0) return { kind: 'undo' }
    const index = w.numbers[0]
    if (
      w.numbers.length === 1 &&
      index !== undefined &&
      /^\d{1,3}$/.test(index.text) &&
      Number(index.text) > 0
    ) {
      return { kind: 'delete', index: Number(index.text) }
    }
    return { kind: 'not_understood' }
  }
  const moving = MOVE.has(head)
  if (!CORRECT.has(head) && !moving) return null
  // 'corrigir o último para Cachorro': a category of one's own (ADR 026), ahead of the defaults.
  const own = ctx.customCategories
  const custom =
    own && own.length > 0 && w.numbers.length === 0
      ? targetCustom(w.list, h + 1, EDIT_OBJECT, own)
      : null
  if (custom) return custom
  // A loop, not a filter: a closure over a, w and h would cost every message a context.
  const said: string[] = []
  for (let k = 0; k < rest.length; k++) {
    const word = rest[k]
    if (word !== undefined && a.tokens[w.at[h + 1 + k] ?? -1]?.role !== Role.AMOUNT) said.push(word)
  }
  let marker = -1
  for (let k = 0; k < said.length; k++) if (TARGET_MARKERS.has(said[k] ?? '')) marker = k
  if (!allIn(marker >= 0 ? said.slice(0, marker) : said, EDIT_OBJECT)) return null
  if (rest.includes('categoria') || rest.includes('cat')) {
    const category = targetCategory(a, w)
    return category ? { kind: 'change_category', category } : { kind: 'not_understood' }
  }
  const amount = a.amount
  if (amount !== null && amount.cents > 0) {
    if (moving) return null
    // 'corrigir o 3 para 55' names an entry by number; only the last one can be corrected.
    const others = w.numbers.filter((t) => t.role !== Role.AMOUNT).length
    if (others > 0 || amount.cents > MAX_ENTRY_CENTS) return { kind: 'not_understood' }
    return { kind: 'correct_amount', amount_cents: amount.cents }
  }
  const category = targetCategory(a, w)
  if (category) return { kind: 'change_category', category }
  return moving ? null : { kind: 'not_understood' }
}

/** 'o valor certo era 48', 'na verdade foi 55', 'errei, era 30'. */
function lateCorrection(a: Analysis, w: Words): Decision | null {
  // 'não era 50, era 45': the new value is the last one said.
  const amount = a.amounts.length === 2 ? a.amounts[1] : a.amount
  if (amount == null || amount.cents <= 0 || amount.cents > MAX_ENTRY_CENTS) return null
  if ((w.any & C.CORRECTION_MARKER) === 0) return null
  return saidOnlyCorrection(a, w) ? { kind: 'correct_amount', amount_cents: amount.cents } : null
}

/**
 * Whether every number belongs to an amount and the other words are correction words. Apart
 * from lateCorrection: its closures would cost every message a context, not only these.
 */
function saidOnlyCorrection(a: Analysis, w: Words): boolean {
  const inAmount = (i: number) => a.amounts.some((m) => i >= m.first && i <= m.last)
  if (w.numbers.some((t) => !inAmount(a.tokens.indexOf(t)))) return false
  const words = w.list.filter((_, k) => !inAmount(w.at[k] ?? -1))
  return words.length > 0 && allIn(words, CORRECTION_WORDS)
}

/** 'categoria lazer', 'isso é lazer', 'era mercado'. */
function categorySaying(a: Analysis, w: Words, ctx: AssistantContext): Decision | null {
  if (a.amount !== null || w.numbers.length > 0 || w.list.length === 0) return null
  // 'categoria Cachorro', 'era Cachorro': a category of one's own (ADR 026).
  const own = ctx.customCategories
  if (own && own.length > 0) {
    const saysOwn =
      w.list.includes('categoria') ||
      w.list.includes('era') ||
      w.list.includes('e') ||
      w.list.includes('eh')
    const custom = saysOwn ? sayingCustom(w.list, own) : null
    if (custom) return custom
  }
  if (w.list.includes('categoria')) {
    const category = targetCategory(a, w) ?? categoryNamed(wordSeq(a.tokens, a.original))
    return category ? { kind: 'change_category', category } : null
  }
  const named = categoryNamed(wordSeq(a.tokens, a.original))
  if (named === null) return null
  const others = w.list.filter((word) => !CATEGORY_SAYING.has(word))
  const saysIt = w.list.includes('era') || w.list.includes('e') || w.list.includes('eh')
  // Only the category's own name may remain ('contas da casa' is three words).
  return saysIt && others.length <= 3 && others.length < w.list.length
    ? { kind: 'change_category', category: named }
    : null
}

/** The words end with a category of one's own's name and only CATEGORY_SAYING words come before. */
function sayingCustom(
  list: readonly string[],
  own: readonly CustomCategoryInfo[],
): Decision | null {
  for (let k = 1; k < list.length; k++) {
    if (!CATEGORY_SAYING.has(list[k - 1] ?? '') && list[k - 1] !== 'categoria') return null
    const c = customCategoryNamed(list.slice(k), own, POLITE)
    if (c) return { kind: 'change_category', category: c.category, custom_category_id: c.id }
  }
  return null
}

function balance(a: Analysis, w: Words): Decision | null {
  if (a.amount !== null && a.amount.cents > 0) return null
  if (w.any & C.SALDO) return { kind: 'balance' }
  if ((w.any & (C.QUANTO | C.COMO)) === 0) return null
  for (const p of BALANCE_PHRASES) if (hasPhrase(w.list, p)) return { kind: 'balance' }
  return null
}

function asksSpending(list: readonly string[]): boolean {
  for (let i = 0; i < list.length; i++) {
    if (list[i] !== 'quanto') continue
    // 'gastei quanto esse mês'
    if (i > 0 && SPEND_VERBS.has(list[i - 1] ?? '')) return true
    for (let k = i + 1; k <= i + 3 && k < list.length; k++)
      if (SPEND_VERBS.has(list[k] ?? '')) return true
  }
  return false
}

function summaryMonth(a: Analysis, w: Words, ctx: AssistantContext): string | undefined {
  const today = saoPauloToday(ctx.now)
  const monthYear = readMonthYear(a.tokens)
  if (monthYear) return `${monthYear.year}-${String(monthYear.month).padStart(2, '0')}`
  for (let k = 0; k < w.list.length; k++) {
    const word = w.list[k] ?? ''
    const month = MONTHS.get(word)
    if (month !== undefined) {
      const at = w.at[k] ?? 0
      const next =
        a.tokens[at + 1]?.kind === WORD && a.tokens[at + 1]?.text === 'de'
          ? a.tokens[at + 2]
          : a.tokens[at + 1]
      if (next !== undefined && next.kind === NUM && /^\d{4}$/.test(next.text))
        return `${next.text}-${String(month).padStart(2, '0')}`
      return recentMonth(today, month)
    }
    if (word === 'mes') {
      const after = w.list[k + 1]
      const before = k > 0 ? w.list[k - 1] : undefined
      if (after === 'passado' || after === 'anterior' || before === 'ultimo')
        return monthOffset(today, -1)
      if (after === 'retrasado') return monthOffset(today, -2)
      if (after === 'atual' || (before !== undefined && THIS_MONTH_LEAD.has(before)))
        return monthOffset(today, 0)
    }
  }
  return undefined
}

function summary(a: Analysis, w: Words, ctx: AssistantContext): Decision | null {
  // A year ('resumo de outubro de 2025') is the only number a summary request may carry.
  const amount = a.amount
  if (
    amount !== null &&
    !(amount.first === amount.last && isYearShape(a.tokens[amount.first]?.text ?? ''))
  ) {
    return null
  }
  // asksSpending needs a 'quanto': without it and a summary word, one bit test says no.
  if ((w.any & C.SUMMARY_CORE) === 0 && ((w.any & C.QUANTO) === 0 || !asksSpending(w.list)))
    return null
  const decision: {
    kind: 'summary'
    month?: string
    category?: Category
    custom_category_id?: number
  } & Partial<DayRange> = { kind: 'summary' }
  // 'quanto gastei semana passada': a week of days (periods.ts), else a month.
  const week = weekNamed(w.list, saoPauloToday(ctx.now))
  const month = week === null ? summaryMonth(a, w, ctx) : undefined
  if (week) {
    decision.from = week.from
    decision.to = week.to
  }
  if (month) decision.month = month
  const category = categoryByName(
    wordSeq(a.tokens, a.original),
    w.any & C.INCOME_ASK ? 'income' : 'expense',
  )
  if (category) decision.category = category
  // 'quanto gastei com Cachorro': a category of one's own (ADR 026) wins over the defaults.
  const own = ctx.customCategories ? customCategoryAsked(a, ctx.customCategories) : null
  if (own) {
    decision.category = own.category
    decision.custom_category_id = own.id
  }
  return decision
}

function recent(a: Analysis, w: Words): Decision | null {
  if ((w.any & C.RECENT_CORE) === 0) return null
  // 'últimos 10' is a count, not money; a real amount means this is something else.
  const amount = a.amount
  if (amount !== null && (amount.first !== amount.last || amount.cents > 100 * 100)) return null
  return { kind: 'recent' }
}

const CANCEL = set('cancelar cancela cancele apagar apaga apague excluir exclui exclua parar para')
const INSTALLMENT_NOUNS = set('parcelas parcela parcelamento prestacoes parcelado parcelada')

/** 'cancelar parcelas', 'cancela as parcelas da tv': the last purchase's future installments. */
function cancelInstallments(_a: Analysis, w: Words): Decision | null {
  if (w.numbers.length > 0 || w.list.length > 6) return null
  if (!CANCEL.has(w.list[0] ?? '') || !someIn(w.list, INSTALLMENT_NOUNS)) return null
  return { kind: 'cancel_installments' }
}

/**
 * A reader of one command: the decision, or null when the message is not that command (the
 * next reader tries). To add a command: write its reader (in a file of its own when it is
 * more than a few lines), add its Decision kind in types.ts, and list it here. Order matters:
 * stricter readers first; a reader that returns `not_understood` stops the search.
 */
export type CommandReader = (a: Analysis, w: Words, ctx: AssistantContext) => Decision | null

export const COMMAND_READERS: readonly CommandReader[] = [
  confirmation,
  (_a, w) => help(w),
  cancelInstallments,
  editing,
  lateCorrection,
  categorySaying,
  balance,
  // 'relatório', 'relatório da semana', 'pdf' (report-intents.ts): before the summary, which
  // would otherwise take 'relatório' for 'resumo'.
  (a, _w, ctx) => readReportRequest(a.original, ctx),
  summary,
  recent,
]

/** A command, or null when the message is not one (then it may be an entry or a bill). */
export function readCommand(a: Analysis, ctx: AssistantContext): Decision | null {
  const w = readWords(a)
  for (const reader of COMMAND_READERS) {
    const decision = reader(a, w, ctx)
    if (decision) return decision
  }
  return null
}
