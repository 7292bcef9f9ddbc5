import type { TemplateMessage } from './messages.ts'

/**
 * Approved message templates, by what they are for. Outside the 24-hour window WhatsApp only
 * delivers templates approved for the business in the WhatsApp Manager: create them there (in
 * pt_BR, with the body parameters listed) and keep the names here identical. A proactive
 * message whose template is not approved fails with Meta's error and shows in the admin
 * failures list.
 */
export const TEMPLATES = {
  /** "Olá! {{1}}" — a generic notice (category UTILITY). */
  notice: { name: 'equilibrai_aviso', language: 'pt_BR', params: ['text'] },
  /** "Lembrete: {{1}} vence em {{2}}. Valor: {{3}}." (category UTILITY). */
  billReminder: {
    name: 'equilibrai_lembrete_conta',
    language: 'pt_BR',
    params: ['description', 'due_date', 'amount'],
  },
  /**
   * "📊 Seu resumo {{1}}: entradas {{2}}, saídas {{3}}, saldo {{4}}. Mande *relatório* para ver
   * os detalhes." (category UTILITY): the scheduled weekly and monthly reports (reports/).
   */
  report: {
    name: 'equilibrai_relatorio',
    language: 'pt_BR',
    params: ['period', 'income', 'expenses', 'balance'],
  },
} as const

export type TemplatePurpose = keyof typeof TEMPLATES

/** The template message for a purpose, its parameters in the order the template declares. */
export function templateMessage(purpose: TemplatePurpose, params: string[]): TemplateMessage {
  const template = TEMPLATES[purpose]
  if (params.length !== template.params.length) {
    throw new Error(`template ${template.name}: ${template.params.length} parâmetros esperados`)
  }
  return {
    kind: 'template',
    name: template.name,
    language: template.language,
    // Template parameters cannot carry line breaks or long runs of spaces.
    params: params.map((p) => p.replace(/\s+/g, ' ').trim().slice(0, 1024)),
  }
}
