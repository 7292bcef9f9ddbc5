import { describe, expect, it } from 'vitest'
import { businessReplies, understandBusiness } from './analysis-support.ts'

describe('business intents', () => {
  it.each([
    ['análise', 'analysis'],
    ['Análise', 'analysis'],
    ['minha análise do mês', 'analysis'],
    ['analise avançada', 'analysis'],
    ['projeção', 'projection'],
    ['Projeção!', 'projection'],
    ['previsão do mês', 'projection'],
    ['como vai terminar o mês?', 'projection'],
    ['falar com atendente', 'support'],
    ['Quero falar com um atendente sobre minha fatura', 'support'],
    ['preciso falar com o suporte', 'support'],
  ])('%s → %s', (text, kind) => {
    expect(understandBusiness(text)?.kind).toBe(kind)
  })

  it.each([
    'consultoria de análise 300',
    'gastei 50 com projeção do cinema',
    'análise 45,90',
    'atendente da loja 30',
    'saldo',
    'resumo',
  ])('leaves %s to the general understanding', (text) => {
    expect(understandBusiness(text)).toBeNull()
  })

  it('keeps what the person wrote as the support message', () => {
    expect(understandBusiness('falar com atendente: não consigo pagar')).toEqual({
      kind: 'support',
      message: 'falar com atendente: não consigo pagar',
    })
  })

  it('words the projection and the analysis', () => {
    const view = {
      month: '2026-11',
      days_elapsed: 10,
      days_in_month: 30,
      income_cents: 500_000,
      expense_cents: 25_000,
      projection: { income_cents: 500_000, expense_cents: 217_000, balance_cents: 283_000 },
      movers: [
        {
          category: 'lazer' as const,
          this_month_cents: 10_000,
          average_3m_cents: 0,
          projected_cents: 22_000,
        },
        {
          category: 'mercado' as const,
          this_month_cents: 15_000,
          average_3m_cents: 30_000,
          projected_cents: 45_000,
        },
      ],
    }
    expect(businessReplies.projection(view)).toBe(
      [
        '🔮 *Projeção para o fim de novembro de 2026*',
        'Gastos no ritmo atual e o que é recorrente (10 de 30 dias):',
        'Entradas: R$ 5.000,00',
        'Saídas: R$ 2.170,00',
        'Saldo previsto: R$ 2.830,00',
      ].join('\n'),
    )
    const text = businessReplies.analysis(view, 'https://app.exemplo')
    expect(text).toContain('• Lazer: R$ 220,00 (+R$ 220,00)')
    expect(text).toContain('• Mercado: R$ 450,00 (+R$ 150,00)')
    expect(text).toContain('https://app.exemplo/analise')
  })
})
