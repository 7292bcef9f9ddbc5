import { monthOffset, recentMonth, saoPauloToday } from './dates.ts'
import { foldText } from './normalize.ts'
import type { AssistantContext } from './types.ts'
import { MONTHS } from './vocabulary.ts'

/*
 * Report requests on WhatsApp (ARCHITECTURE §8): 'relatório' (this month), 'relatório da
 * semana', 'relatório de outubro', 'pdf' / 'relatório em pdf' (the statement as a document).
 * Strict like the other command readers: every word must belong to a report request, so
 * 'relatório de gastos com mercado' is not one (it stays the summary by category) and 'resumo'
 * is never taken here (the summary every plan has).
 */

export type ReportDecision =
  /** month `YYYY-MM` when named; absent: the current month. */
  | { kind: 'report'; period: 'month'; month?: string }
  /** The last 7 days, today included. */
  | { kind: 'report'; period: 'week' }
  /** month `YYYY-MM` when named; absent: the last complete month. */
  | { kind: 'report_pdf'; month?: string }

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

const REPORT = set('relatorio relatorios relatoriozinho')
/** What any report request contains, before folding ('RELATÓRIO', 'Relatorio', 'PDF'). */
const MAY_ASK_REPORT = /relat|pdf/i
const PDF = set('pdf pdfs')
const WEEK = set('semana semanal semanais')
/** Words that may stand around the request: verbs of asking, articles, politeness. */
const FILLER = set(`
  o a os as um uma meu minha do da de dos das em no na por pra para pro favor pf pfv pfvr
  me manda mande mandar envia envie enviar gera gere gerar quero queria pode poderia ver
  ai entao oi ola completo completa mensal extrato arquivo documento formato
  mes ultima ultimo esta este essa esse desta deste dessa desse nesta neste nessa nesse
  passado passada anterior atual retrasado
`)

/** The month a request names (`YYYY-MM`), or undefined. */
function monthNamed(words: readonly string[], today: string): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? ''
    const month = MONTHS.get(word)
    if (month !== undefined) {
      const next = words[i + 1] === 'de' ? words[i + 2] : words[i + 1]
      if (next !== undefined && /^\d{4}$/.test(next)) {
        return `${next}-${String(month).padStart(2, '0')}`
      }
      return recentMonth(today, month)
    }
  }
  const has = (w: string) => words.includes(w)
  if (has('retrasado')) return monthOffset(today, -2)
  if (has('passado') || has('passada') || has('anterior') || (has('ultimo') && has('mes')))
    return monthOffset(today, -1)
  if (
    has('mes') &&
    ['este', 'esse', 'deste', 'desse', 'neste', 'nesse', 'atual'].some((w) => has(w))
  )
    return monthOffset(today, 0)
  return undefined
}

/** A report request, or null when the message is something else. */
export function readReportRequest(text: string, ctx: AssistantContext): ReportDecision | null {
  if (typeof text !== 'string' || text.length > 200) return null
  // Every message passes here: most leave at this one cheap test.
  if (!MAY_ASK_REPORT.test(text)) return null
  const words = foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  const pdf = words.some((w) => PDF.has(w))
  const report = words.some((w) => REPORT.has(w))
  if (!pdf && !report) return null
  const week = words.some((w) => WEEK.has(w))
  for (const w of words) {
    if (REPORT.has(w) || PDF.has(w) || WEEK.has(w) || FILLER.has(w) || MONTHS.has(w)) continue
    // A year after a month name ('outubro de 2025') is the only number a request may carry.
    if (/^\d{4}$/.test(w)) continue
    return null
  }
  if (words.some((w) => /^\d{4}$/.test(w)) && !words.some((w) => MONTHS.has(w))) return null
  const month = monthNamed(words, saoPauloToday(ctx.now))
  if (pdf) {
    if (week) return null // the statement is monthly
    return month ? { kind: 'report_pdf', month } : { kind: 'report_pdf' }
  }
  if (week) return month ? null : { kind: 'report', period: 'week' }
  return month ? { kind: 'report', period: 'month', month } : { kind: 'report', period: 'month' }
}
