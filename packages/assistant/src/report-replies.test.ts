import { describe, expect, it } from 'vitest'
import { changeText, type PeriodReportView, reportReplies } from './report-replies.ts'

const november: PeriodReportView = {
  title: 'novembro de 2026',
  previousLabel: 'a outubro',
  income_cents: 500_000,
  expense_cents: 160_396,
  previous: { income_cents: 400_000, expense_cents: 19_900 },
  categories: [
    { category: 'salario', type: 'income', total_cents: 500_000 },
    { category: 'mercado', type: 'expense', total_cents: 30_000 },
    { category: 'alimentacao', type: 'expense', total_cents: 128_046 },
    { category: 'transporte', type: 'expense', total_cents: 2_000 },
    { category: 'lazer', type: 'expense', total_cents: 350 },
  ],
  entries: 6,
}

describe('report replies', () => {
  it('a month: totals, the top three expense categories with shares, the change', () => {
    expect(reportReplies.periodReport(november)).toBe(
      [
        '📊 *Relatório de novembro de 2026*',
        'Entradas: R$ 5.000,00',
        'Saídas: R$ 1.603,96',
        'Saldo: *R$ 3.396,04*',
        '',
        '*Onde foi o dinheiro*',
        '1. Alimentação: R$ 1.280,46 (80%)',
        '2. Mercado: R$ 300,00 (19%)',
        '3. Transporte: R$ 20,00 (1%)',
        '',
        'Comparado a outubro: gastos R$ 1.404,96 a mais (+706%), entradas R$ 1.000,00 a mais (+25%).',
      ].join('\n'),
    )
  })

  it('leaves out the comparison when the period before had nothing, and says when nothing was recorded', () => {
    const first = reportReplies.periodReport({
      ...november,
      previous: { income_cents: 0, expense_cents: 0 },
    })
    expect(first).not.toContain('Comparado')
    const empty = reportReplies.periodReport(
      { ...november, entries: 0, income_cents: 0, expense_cents: 0, categories: [] },
      { heading: '🗓️ *Resumo da semana*' },
    )
    expect(empty).toBe(
      '🗓️ *Resumo da semana*\nNenhum lançamento nesse período. Para anotar, mande por exemplo *gastei 45,90 no mercado*.',
    )
  })

  it('words a change up, down or none', () => {
    expect(changeText(12_000, 10_000)).toBe('R$ 20,00 a mais (+20%)')
    expect(changeText(9_500, 10_000)).toBe('R$ 5,00 a menos (−5%)')
    expect(changeText(100, 100)).toBe('o mesmo valor')
    expect(changeText(100, 0)).toBe('R$ 1,00 a mais')
    expect(reportReplies.statementCaption('outubro de 2026')).toBe(
      '📄 Seu extrato de outubro de 2026.',
    )
  })
})
