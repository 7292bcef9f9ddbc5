import { describe, expect, it } from 'vitest'
import { type EntryView, monthLabel, replies } from './replies.ts'

const market: EntryView = {
  type: 'expense',
  amount_cents: 4590,
  description: 'mercado',
  category: 'mercado',
  occurred_on: '2026-11-18',
}
const salary: EntryView = {
  type: 'income',
  amount_cents: 300000,
  description: 'salário',
  category: 'salario',
  occurred_on: '2026-11-05',
}

describe('replies', () => {
  it('confirm a recorded entry with what was understood and how to undo it', () => {
    const text = replies.entryRecorded(market)
    expect(text).toContain('Gasto')
    expect(text).toContain('*R$ 45,90*')
    expect(text).toContain('mercado · Mercado')
    expect(text).toContain('18/11')
    expect(text).toContain('*desfazer*')
    expect(replies.entryRecorded(salary)).toContain('Receita de *R$ 3.000,00* anotada!')
  })

  it('show the free plan usage when given, and not for unlimited plans', () => {
    expect(replies.entryRecorded(market, { monthly: { used: 3, max: 5 } })).toContain(
      '3 de 5 lançamentos',
    )
    expect(replies.entryRecorded(market, { monthly: { used: 3, max: -1 } })).not.toContain('de -1')
  })

  it.each<[string, string, string[]]>([
    [
      'confirmLarge',
      replies.confirmLarge({ ...market, amount_cents: 200000000 }),
      ['R$ 2.000.000,00', '*sim*', '*não*'],
    ],
    [
      'needsAmount',
      replies.needsAmount({ type: 'expense', description: 'mercado', category: 'mercado' }),
      ['*mercado 45,90*'],
    ],
    [
      'needsAmount income',
      replies.needsAmount({ type: 'income', description: 'salário', category: 'salario' }),
      ['recebi 100 de salário'],
    ],
    [
      'balance',
      replies.balance({
        income_cents: 300000,
        expense_cents: 4590,
        balance_cents: 295410,
        month: '2026-11',
      }),
      ['novembro de 2026', 'R$ 3.000,00', 'R$ 45,90', '*R$ 2.954,10*'],
    ],
    [
      'balance negative',
      replies.balance({
        income_cents: 0,
        expense_cents: 4590,
        balance_cents: -4590,
        month: '2026-11',
      }),
      ['-R$ 45,90'],
    ],
    [
      'recent',
      replies.recent([market, salary]),
      [
        '1. 18/11 · mercado · -R$ 45,90 (Mercado)',
        '2. 05/11 · salário · +R$ 3.000,00 (Salário)',
        '*apagar 2*',
      ],
    ],
    ['recent empty', replies.recent([]), ['gastei 45,90 no mercado']],
    ['undone', replies.undone(market), ['mercado', 'R$ 45,90', '18/11']],
    ['deleted', replies.deleted(market), ['Apaguei', 'mercado']],
    ['notFound', replies.notFound(7), ['*7*', '*últimos*']],
    ['corrected', replies.corrected({ ...market, amount_cents: 5500 }), ['*R$ 55,00*']],
    [
      'categoryChanged',
      replies.categoryChanged({ ...market, description: 'boliche', category: 'lazer' }),
      ['*boliche*', '*Lazer*'],
    ],
    [
      'billRecorded',
      replies.billRecorded({
        description: 'conta de luz',
        amount_cents: 18000,
        due_on: '2026-12-10',
        category: 'contas_casa',
      }),
      ['*conta de luz*', 'R$ 180,00', '10/12', 'Contas da casa'],
    ],
    [
      'billRecorded without amount',
      replies.billRecorded({
        description: 'aluguel',
        amount_cents: null,
        due_on: '2026-12-05',
        category: 'moradia',
      }),
      ['*aluguel*', '05/12'],
    ],
    [
      'help',
      replies.help(),
      [
        'gastei 45,90 no mercado',
        'recebi 3.000 de salário',
        '*saldo*',
        '*resumo*',
        '*últimos*',
        '*desfazer*',
      ],
    ],
    [
      'notUnderstood',
      replies.notUnderstood(),
      ['gastei 45,90 no mercado', 'recebi 3.000 de salário', '*saldo*', '*desfazer*'],
    ],
    [
      'limitReached',
      replies.limitReached({ max: 5, upgradeUrl: 'https://equilibrai.app/planos' }),
      ['5 lançamentos', 'https://equilibrai.app/planos'],
    ],
    ['nonText audio', replies.nonText('audio'), ['áudios', 'gastei 45,90 no mercado']],
    ['nonText sticker', replies.nonText('sticker'), ['figurinha']],
    [
      'unknownSender',
      replies.unknownSender('https://equilibrai.app/cadastro'),
      ['https://equilibrai.app/cadastro'],
    ],
    ['confirmCancelled', replies.confirmCancelled(), ['Nada foi registrado']],
    ['nothingToUndo', replies.nothingToUndo(), ['desfazer']],
  ])('%s', (_name, text, parts) => {
    for (const part of parts) expect(text).toContain(part)
    expect(text.length).toBeLessThan(700)
  })

  it('summarise a month by category, largest first', () => {
    const text = replies.summary({
      month: '2026-11',
      income_cents: 300000,
      expense_cents: 54590,
      by_category: [
        { category: 'mercado', type: 'expense', total_cents: 4590, count: 1 },
        { category: 'moradia', type: 'expense', total_cents: 50000, count: 1 },
        { category: 'salario', type: 'income', total_cents: 300000, count: 1 },
      ],
    })
    expect(text).toContain('Resumo de novembro de 2026')
    expect(text.indexOf('Moradia')).toBeLessThan(text.indexOf('Mercado'))
    expect(text).toContain('Salário: R$ 3.000,00')
    expect(text).toContain('*R$ 2.454,10*')
  })

  it('summarise one category', () => {
    const view = {
      month: '2026-10',
      income_cents: 0,
      expense_cents: 4590,
      by_category: [
        { category: 'mercado' as const, type: 'expense' as const, total_cents: 4590, count: 2 },
      ],
    }
    expect(replies.summary(view, 'mercado')).toContain(
      '*Mercado* em outubro de 2026: *R$ 45,90* em 2 lançamentos',
    )
    expect(replies.summary(view, 'lazer')).toContain('Nenhum lançamento em *Lazer*')
    expect(replies.summary({ ...view, expense_cents: 0, by_category: [] })).toContain(
      'Ainda não há lançamentos',
    )
  })

  it.each<[string, string]>([
    ['2026-11', 'novembro de 2026'],
    ['2026-03', 'março de 2026'],
    ['bogus', 'bogus'],
  ])('monthLabel(%s) → %s', (month, label) => {
    expect(monthLabel(month)).toBe(label)
  })
})
