import { CATEGORY_LABELS, type Category, formatBRL } from '@equilibrai/shared'
import { foldText } from './normalize.ts'
import { monthLabel } from './replies.ts'

/*
 * The business plans' WhatsApp commands: 'análise', 'projeção' and 'falar com
 * atendente'. Pure like the rest of the package: text in, intent out; figures in, reply out.
 * Read before the general understanding (the server's hook), so each reader is strict: the
 * whole message must be one of these requests, and an entry that merely mentions a word
 * ('consultoria de análise 300') is never taken for one.
 */

export type BusinessIntent =
  | { kind: 'analysis' }
  | { kind: 'projection' }
  /** message: what the person wrote, kept as the request's text. */
  | { kind: 'support'; message: string }

const FILLER =
  '(?:(?:a|o|minha|meu|me|da|do|de|manda|mande|mostra|mostre|ver|quero|qual|e|a|por favor|pf|pfv)\\s+)*'
const MONTH = '(?:\\s+(?:do|deste|desse|de)\\s+(?:mes|mes atual))?'

const ANALYSIS = new RegExp(`^${FILLER}(?:analise|analise avancada|analises)${MONTH}$`)
const PROJECTION = new RegExp(
  `^${FILLER}(?:projecao|previsao|projecoes)${MONTH}$|^como (?:vai|vou) (?:terminar|fechar|acabar) o mes$`,
)
const SUPPORT =
  /^(?:(?:eu\s+)?(?:quero|queria|gostaria de|preciso)\s+)?(?:falar|conversar)\s+com\s+(?:um|uma|o|a)?\s*(?:atendente|humano|pessoa|suporte|alguem do suporte)\b/

/** The business intent of a message, or null when it is something else. */
export function understandBusiness(text: string): BusinessIntent | null {
  const folded = foldText(text)
    .replace(/[!?.,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (folded.length > 300) return null
  if (ANALYSIS.test(folded)) return { kind: 'analysis' }
  if (PROJECTION.test(folded)) return { kind: 'projection' }
  if (SUPPORT.test(folded)) return { kind: 'support', message: text.trim() }
  return null
}

/** The figures a reply needs (the server's GET /api/v1/analysis, trimmed). */
export type AnalysisView = {
  month: string
  days_elapsed: number
  days_in_month: number
  income_cents: number
  expense_cents: number
  projection: { income_cents: number; expense_cents: number; balance_cents: number }
  movers: {
    category: Category
    this_month_cents: number
    average_3m_cents: number
    projected_cents: number
  }[]
}

function signedBRL(cents: number): string {
  return cents >= 0 ? `+${formatBRL(cents)}` : formatBRL(cents)
}

export const businessReplies = {
  projection(view: AnalysisView): string {
    const p = view.projection
    return [
      `🔮 *Projeção para o fim de ${monthLabel(view.month)}*`,
      `Gastos no ritmo atual e o que é recorrente (${view.days_elapsed} de ${view.days_in_month} dias):`,
      `Entradas: ${formatBRL(p.income_cents)}`,
      `Saídas: ${formatBRL(p.expense_cents)}`,
      `Saldo previsto: ${formatBRL(p.balance_cents)}`,
    ].join('\n')
  },

  analysis(view: AnalysisView, publicUrl: string): string {
    const lines = [
      `📊 *Análise de ${monthLabel(view.month)}* (até o dia ${view.days_elapsed})`,
      `Entradas: ${formatBRL(view.income_cents)} · Saídas: ${formatBRL(view.expense_cents)}`,
      `Saldo previsto no fim do mês: ${formatBRL(view.projection.balance_cents)}`,
    ]
    if (view.movers.length) {
      lines.push('', '*Maiores variações* (previsto × média de 3 meses):')
      for (const m of view.movers)
        lines.push(
          `• ${CATEGORY_LABELS[m.category]}: ${formatBRL(m.projected_cents)} (${signedBRL(m.projected_cents - m.average_3m_cents)})`,
        )
    }
    lines.push('', `Gráficos completos em ${publicUrl}/analise`)
    return lines.join('\n')
  },

  supportOpened(id: number, tierLabel: string): string {
    return `🙋 Pronto! Abrimos sua solicitação de suporte nº ${id} (atendimento ${tierLabel.toLowerCase()}). Um atendente responde por e-mail e no seu painel.`
  },

  supportLimit(): string {
    return 'Você já tem solicitações de suporte em aberto. Aguarde a resposta de uma delas — ela chega por e-mail e no seu painel.'
  },
}
