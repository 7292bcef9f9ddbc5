import type { ImportCommit, ImportSummary } from '@equilibrai/shared'

/* The pt-BR replies to a statement sent as a WhatsApp document (statement-import.ts). */

const FORMAT: Record<ImportSummary['format'], string> = {
  ofx: 'OFX',
  nubank: 'CSV do Nubank',
  inter: 'CSV do Inter',
  csv: 'CSV',
}

const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '?')
const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

function counts(s: ImportSummary): string {
  const parts = [`*${n(s.new, 'nova', 'novas')}*`]
  if (s.duplicates) parts.push(`${n(s.duplicates, 'já importada', 'já importadas')}`)
  if (s.matched) {
    const review = s.review ? ` (${n(s.review, 'a conferir', 'a conferir')})` : ''
    parts.push(`${n(s.matched, 'já lançada', 'já lançadas')} por você${review}`)
  }
  return `${n(s.rows, 'linha', 'linhas')}: ${parts.join(', ')}.`
}

export const statementReplies = {
  /** The preview; `asks` when there is something to commit ('confirmar'). */
  preview(s: ImportSummary, accountName: string): { text: string; asks: boolean } {
    const lines = [
      `📄 Extrato lido (${FORMAT[s.format]}) para a conta *${accountName}*.`,
      `Período: ${day(s.period.from)} a ${day(s.period.to)}.`,
      counts(s),
    ]
    if (s.new === 0 && s.matched === 0) {
      lines.push('Nada novo para importar: essas linhas já estão aqui.')
      return { text: lines.join('\n'), asks: false }
    }
    const what = [
      s.new ? `lançar ${n(s.new, 'linha nova', 'linhas novas')}` : null,
      s.matched ? `ligar ${n(s.matched, 'linha', 'linhas')} ao que você já lançou` : null,
    ].filter(Boolean)
    lines.push(`Responda *confirmar* para ${what.join(' e ')}. Nada foi importado ainda.`)
    return { text: lines.join('\n'), asks: true }
  },

  /** Several accounts could be the statement's: which one (numbered, as 'Em qual conta?'). */
  whichAccount(s: { format: ImportSummary['format']; rows: number }, names: string[]): string {
    return [
      `📄 Recebi um extrato (${FORMAT[s.format]}, ${n(s.rows, 'linha', 'linhas')}). De qual conta ele é?`,
      ...names.map((name, i) => `${i + 1}. ${name}`),
      'Responda com o número. Nada foi importado ainda.',
    ].join('\n')
  },

  committed(r: ImportCommit, accountName: string): string {
    const linked = r.linked
      ? `, e liguei ${n(r.linked, 'linha', 'linhas')} a lançamentos que você já tinha feito`
      : ''
    return `✅ Extrato importado na conta *${accountName}*: ${n(r.recorded, 'lançamento novo', 'lançamentos novos')}${linked}. Mande *resumo* para ver o mês.`
  },

  cancelled(): string {
    return 'Tudo bem, não importei o extrato. Nada foi lançado.'
  },

  notInPlan(planName: string): string {
    return `Importar extratos faz parte dos planos pagos, a partir do *${planName}*. Nada foi importado. No seu plano, encaminhe as notificações do banco: cada uma vira um lançamento.`
  },

  unreadable(message: string): string {
    return `Não consegui ler esse arquivo: ${message} Mande o extrato em OFX ou CSV.`
  },

  mappingRequired(importUrl: string): string {
    return `Não conheço as colunas deste CSV. Importe-o uma vez pelo site (${importUrl}) para escolher as colunas da data, da descrição e do valor; depois, pode mandar por aqui.`
  },

  tooLarge(): string {
    return 'O arquivo passa de 10 MB. Mande um período menor do extrato.'
  },

  downloadFailed(): string {
    return 'Não consegui baixar o arquivo do WhatsApp. Mande de novo, por favor.'
  },
} as const
