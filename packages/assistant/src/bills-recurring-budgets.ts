import { type Category, categoryType, type IsoDate, MAX_ENTRY_CENTS } from '@equilibrai/shared'
import { analyze } from './analysis.ts'
import { categoryByName, wordSeq } from './categorize.ts'
import { resolveDate, saoPauloToday } from './dates.ts'
import { readEntry } from './entry.ts'
import { alignedOriginal, foldText } from './normalize.ts'
import { DUE_THIS_WEEK_DAYS, asksDueThisWeek } from './periods.ts'
import type { AssistantContext, Decision, EntryDraft } from './types.ts'

/*
 * Bills, recurring entries, budgets and alert settings by message (ARCHITECTURE §8):
 *
 *   contas · paguei a luz · paguei a conta de internet 99,90 · internet 99,90 todo dia 15
 *   salário 4.500 todo dia 5 · aluguel 1.500 todo mês dia 10 · recorrentes · cancelar recorrente 2
 *   orçamento mercado 800 · orçamentos · apagar orçamento mercado
 *   parar alertas · voltar alertas · parar lembretes · voltar lembretes
 *
 * Read before the other commands (understand.ts), each reader strict about its words so that
 * ordinary entries never land here. "X valor todo dia N" is a monthly BILL when it is a house
 * bill (category contas_casa: luz, água, internet, gás, telefone) or says conta/boleto/fatura —
 * those vary and need a reminder — and a RECURRING ENTRY otherwise (salário, aluguel, academia):
 * a fixed amount recorded on its day without typing it.
 */

export type PlanningDecision =
  /** `within_days`: only the bills due from today to today + within_days - 1 ('essa semana'). */
  | { kind: 'list_bills'; within_days?: number }
  /**
   * 'paguei a luz': mark the unpaid bill whose name matches `name` paid (and record it).
   * `otherwise`: what the message means when no bill matches ('paguei 50 no mercado').
   */
  | {
      kind: 'pay_bill'
      name: string
      amount_cents: number | null
      paid_on: IsoDate
      otherwise: Decision
    }
  | {
      kind: 'monthly_bill'
      description: string
      amount_cents: number | null
      category: Category
      day_of_month: number
    }
  | { kind: 'add_recurring'; entry: Omit<EntryDraft, 'occurred_on'>; day_of_month: number }
  | { kind: 'list_recurring' }
  /** index: the number in the last 'recorrentes' list (1-based). */
  | { kind: 'cancel_recurring'; index: number }
  | { kind: 'set_budget'; category: Category; limit_cents: number }
  | { kind: 'remove_budget'; category: Category }
  | { kind: 'list_budgets' }
  /** scope 'alerts': bill reminders, budget and high-spending alerts; 'reminders': bills only. */
  | { kind: 'alerts'; on: boolean; scope: 'alerts' | 'reminders' }
  /** A planning keyword with something it cannot place: answer with the examples. */
  | { kind: 'planning_help'; topic: 'budget' | 'recurring' }

/** Polite words and leads dropped before matching ('por favor', 'quero'). */
const FILLER =
  /\b(por favor|pfv|pf|porfavor|quero|queria|me|mostra|mostrar|ver|lista|listar|quais|minhas|meus|as|os)\b/g

const squash = (s: string) =>
  s
    .replace(/[!?.,;:]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()

function core(folded: string): string {
  return squash(folded.replace(FILLER, ' '))
}

const LIST_BILLS = new Set([
  'contas',
  'conta',
  'contas a pagar',
  'contas pra pagar',
  'contas para pagar',
  'contas do mes',
  'contas abertas',
  'contas em aberto',
  'vencimentos',
  'proximas contas',
  'boletos',
])
const LIST_RECURRING = new Set([
  'recorrentes',
  'recorrente',
  'lancamentos recorrentes',
  'fixos',
  'gastos fixos',
  'lancamentos fixos',
  'automaticos',
])
const LIST_BUDGETS = new Set(['orcamentos', 'orcamento', 'orcamentos do mes', 'limites'])

const ALERTS_OFF =
  /^(parar|pare|para|desligar|desliga|desativar|desativa|silenciar|sem|cancelar|cancela|chega de) (os )?(alertas?|avisos?|notificacoes|lembretes?)$/
const ALERTS_ON =
  /^(voltar|volta|religar|religa|ligar|liga|ativar|ativa|reativar|reativa|quero) (os )?(alertas?|avisos?|notificacoes|lembretes?)$/

const CANCEL_RECURRING =
  /^(cancelar|cancela|cancele|apagar|apaga|apague|excluir|exclui|remover|remove|parar|para|pare|tirar|tira) (o |a )?(recorrente|lancamento recorrente|fixo|automatico) (n |no |numero )?(\d{1,3})$/

const BUDGET_WORD = /\b(orcamento|orcamentos|orcamento mensal|limite mensal|limite de gastos?)\b/
const REMOVE_BUDGET =
  /^(apagar|apaga|remover|remove|excluir|exclui|cancelar|cancela|tirar|tira|sem) (o )?(orcamento|limite)( de| do| da| para| pra)? (.+)$/

/** 'todo dia 5', 'todo mês dia 10', 'todo dia 10 de cada mês', 'mensal dia 5', 'dia 5 todo mês'. */
const EVERY_MONTH =
  /\b(?:todo(?:s os)? (?:mes )?(?:no )?dia (\d{1,2})(?: de (?:todo|cada) mes)?|todo mes(?: no)? dia (\d{1,2})|mensal(?:mente)?(?: no)? dia (\d{1,2})|dia (\d{1,2}) (?:de )?(?:todo|cada) mes)\b/

const BILL_WORDS = /\b(conta|contas|boleto|fatura|vence|vencimento)\b/

const PAY = /^(paguei|pago|quitei|paga|ja paguei|acabei de pagar)\b/
/** Words around a bill's name in 'paguei a conta de luz de 180 hoje'. */
const PAY_FILLER = new Set(
  'a o as os conta contas boleto fatura de da do das dos no na em hoje ontem reais real r rs $ ja com valor'.split(
    ' ',
  ),
)

/**
 * Every message reaches readPlanning first: this cheap look at the raw text (accents either way)
 * lets the ordinary 'gastei 45,90 no mercado' through without folding it again. The pieces
 * (cont, bolet, venc, recorr, fix, autom[aá]t, or[cç]ament, limit, alert, avis, notifica, lembr,
 * tod[oa]s?\s, mensal, cada\s, mes\b, mês) are grouped by their first letter: the regex engine
 * tries one group at a position instead of all seventeen pieces (≈ 105 → 70 ns a message).
 */
const MAYBE =
  /a(?:lert|vis|utom[aá]t)|bolet|c(?:ont|ada\s)|fix|l(?:imit|embr)|m(?:ensal|es\b|ês)|notifica|or[cç]ament|recorr|tod[oa]s?\s|venc/i

export function readPlanning(
  text: string,
  ctx: AssistantContext,
  /** `foldText(text)` when the caller has it already (understand's analysis). */
  foldedText?: string,
): PlanningDecision | null {
  if (!MAYBE.test(text)) return null
  const folded = foldedText ?? foldText(text)
  const c = core(folded)
  if (c === '') return null

  // 'o que vence essa semana?' (periods.ts)
  if (asksDueThisWeek(folded)) return { kind: 'list_bills', within_days: DUE_THIS_WEEK_DAYS }
  if (LIST_BILLS.has(c)) return { kind: 'list_bills' }
  if (LIST_RECURRING.has(c)) return { kind: 'list_recurring' }
  if (LIST_BUDGETS.has(c)) return { kind: 'list_budgets' }

  const simple = squash(folded)
  const off = ALERTS_OFF.exec(simple)
  if (off) return { kind: 'alerts', on: false, scope: scopeOf(off[3] ?? '') }
  const on = ALERTS_ON.exec(simple)
  if (on) return { kind: 'alerts', on: true, scope: scopeOf(on[3] ?? '') }

  const cancel = CANCEL_RECURRING.exec(simple)
  if (cancel) return { kind: 'cancel_recurring', index: Number(cancel[5]) }

  const remove = REMOVE_BUDGET.exec(simple)
  if (remove) {
    const category = expenseCategory(remove[5] ?? '')
    return category
      ? { kind: 'remove_budget', category }
      : { kind: 'planning_help', topic: 'budget' }
  }
  if (BUDGET_WORD.test(simple)) return readBudget(text, folded)

  const every = EVERY_MONTH.exec(folded)
  if (every) return readMonthly(text, every, ctx)

  return null
}

/**
 * 'paguei a luz' may pay a bill: the server looks for an unpaid bill of that name and, when
 * none matches, acts on the ordinary reading (`decision`: 'paguei 50 no mercado' is an entry).
 * Applied by the server after understand(), so understand() itself keeps reading payments as
 * entries.
 */
export function withBillPayment(text: string, decision: Decision, ctx: AssistantContext): Decision {
  if (
    decision.kind !== 'entry' &&
    decision.kind !== 'needs_amount' &&
    decision.kind !== 'confirm_large' &&
    decision.kind !== 'confirm_entry'
  ) {
    return decision
  }
  if (typeof text !== 'string' || text.length > 500) return decision
  const simple = squash(foldText(text))
  if (!PAY.test(simple)) return decision
  const payment = readPay(text, simple, ctx, decision)
  return payment ? { kind: 'planning', planning: payment } : decision
}

function scopeOf(word: string): 'alerts' | 'reminders' {
  return word.startsWith('lembrete') ? 'reminders' : 'alerts'
}

function expenseCategory(words: string): Category | null {
  const a = analyze(words)
  const category = categoryByName(wordSeq(a.tokens, a.original), 'expense')
  return category && categoryType(category) === 'expense' ? category : null
}

/** The original text with [start, end) cut out (folding keeps positions). */
function cut(text: string, start: number, end: number): string {
  const original = alignedOriginal(text)
  const base = original.length === text.length ? original : text
  return `${base.slice(0, start)} ${base.slice(end)}`.replace(/\s+/g, ' ').trim()
}

/** 'orçamento mercado 800', 'orçamento de 800 para mercado', 'limite mensal lazer 300'. */
function readBudget(text: string, folded: string): PlanningDecision {
  const m = BUDGET_WORD.exec(folded)
  if (!m) return { kind: 'planning_help', topic: 'budget' }
  const rest = cut(text, m.index, m.index + m[0].length)
  const a = analyze(rest)
  const category = expenseCategory(rest)
  const cents = a.amount?.cents ?? 0
  if (category === null || cents <= 0 || cents > MAX_ENTRY_CENTS) {
    return { kind: 'planning_help', topic: 'budget' }
  }
  return { kind: 'set_budget', category, limit_cents: cents }
}

function readMonthly(
  text: string,
  every: RegExpExecArray,
  ctx: AssistantContext,
): PlanningDecision | null {
  const day = Number(every[1] ?? every[2] ?? every[3] ?? every[4])
  if (!(day >= 1 && day <= 31)) return { kind: 'planning_help', topic: 'recurring' }
  const rest = cut(text, every.index, every.index + every[0].length)
  const decision = readEntry(analyze(rest), ctx)
  const saysBill = BILL_WORDS.test(foldText(rest))
  if (decision.kind === 'needs_amount') {
    // A bill may come without its amount ('internet todo dia 15'); a recurring entry may not.
    if (decision.type === 'expense' && (saysBill || decision.category === 'contas_casa')) {
      return {
        kind: 'monthly_bill',
        description: decision.description,
        amount_cents: null,
        category: decision.category,
        day_of_month: day,
      }
    }
    return { kind: 'planning_help', topic: 'recurring' }
  }
  if (decision.kind !== 'entry') {
    return decision.kind === 'confirm_large' ? { kind: 'planning_help', topic: 'recurring' } : null
  }
  const { occurred_on: _, ...entry } = decision.entry
  if (entry.type === 'expense' && (saysBill || entry.category === 'contas_casa')) {
    return {
      kind: 'monthly_bill',
      description: entry.description,
      amount_cents: entry.amount_cents,
      category: entry.category,
      day_of_month: day,
    }
  }
  return { kind: 'add_recurring', entry, day_of_month: day }
}

function readPay(
  text: string,
  simple: string,
  ctx: AssistantContext,
  otherwise: Decision,
): PlanningDecision | null {
  const a = analyze(text)
  const verb = PAY.exec(simple)?.[0] ?? ''
  const words: string[] = []
  for (const t of a.tokens) {
    if (t.start < verb.length) continue
    if (t.kind !== 1 || t.role !== 0) continue
    if (PAY_FILLER.has(t.text)) continue
    words.push(t.text)
  }
  const name = words.join(' ')
  if (name === '') return null
  const today = saoPauloToday(ctx.now)
  const said = a.dates[0]?.expr
  const date = (said ? resolveDate(said, today, 'backward') : null) ?? today
  return {
    kind: 'pay_bill',
    name,
    amount_cents: a.amount && a.amount.cents > 0 ? a.amount.cents : null,
    paid_on: date,
    otherwise,
  }
}

/** Folded words of a name, for matching 'luz' against 'conta de luz'. */
function nameWords(name: string): string[] {
  return foldText(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !PAY_FILLER.has(w))
}

/**
 * The bill 'paguei a <name>' means: the first (soonest due) whose description holds every word
 * of the name ('luz' → 'conta de luz'; 'conta de luz' → 'luz'), singular/plural alike.
 */
export function matchBill<B extends { description: string }>(
  name: string,
  bills: readonly B[],
): B | null {
  const wanted = nameWords(name).map(stem)
  if (wanted.length === 0) return null
  for (const bill of bills) {
    const have = new Set(nameWords(bill.description).map(stem))
    if (wanted.every((w) => have.has(w))) return bill
  }
  for (const bill of bills) {
    const have = new Set(nameWords(bill.description).map(stem))
    if ([...have].length > 0 && [...have].every((w) => wanted.includes(w))) return bill
  }
  return null
}

const stem = (w: string) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w)
