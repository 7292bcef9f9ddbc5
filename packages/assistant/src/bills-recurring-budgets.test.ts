import { describe, expect, it } from 'vitest'
import { bar, planningReplies } from './bills-recurring-budgets-replies.ts'
import { matchBill, readPlanning, withBillPayment } from './bills-recurring-budgets.ts'
import { understand } from './understand.ts'

// Wednesday 18/11/2026, noon in São Paulo.
const ctx = { now: new Date('2026-11-18T15:00:00Z') }
const read = (text: string) => readPlanning(text, ctx)

describe('readPlanning', () => {
  it.each([
    ['contas', { kind: 'list_bills' }],
    ['Contas a pagar?', { kind: 'list_bills' }],
    ['minhas contas', { kind: 'list_bills' }],
    ['recorrentes', { kind: 'list_recurring' }],
    ['orçamentos', { kind: 'list_budgets' }],
    ['Parar alertas', { kind: 'alerts', on: false, scope: 'alerts' }],
    ['desligar notificações', { kind: 'alerts', on: false, scope: 'alerts' }],
    ['voltar alertas', { kind: 'alerts', on: true, scope: 'alerts' }],
    ['parar lembretes', { kind: 'alerts', on: false, scope: 'reminders' }],
    ['cancelar recorrente 2', { kind: 'cancel_recurring', index: 2 }],
    ['apagar o recorrente número 3', { kind: 'cancel_recurring', index: 3 }],
    ['orçamento mercado 800', { kind: 'set_budget', category: 'mercado', limit_cents: 80_000 }],
    [
      'orçamento de lazer 1.200,50',
      { kind: 'set_budget', category: 'lazer', limit_cents: 120_050 },
    ],
    ['apagar orçamento mercado', { kind: 'remove_budget', category: 'mercado' }],
    ['orçamento', { kind: 'list_budgets' }],
    ['orçamento salário 800', { kind: 'planning_help', topic: 'budget' }],
  ])('%s', (text, decision) => {
    expect(read(text)).toEqual(decision)
  })

  it('reads a fixed entry on its day of the month', () => {
    expect(read('salário 4.500 todo dia 5')).toEqual({
      kind: 'add_recurring',
      entry: { type: 'income', amount_cents: 450_000, description: 'salário', category: 'salario' },
      day_of_month: 5,
    })
    expect(read('aluguel 1.500 todo mês dia 10')).toMatchObject({
      kind: 'add_recurring',
      entry: { type: 'expense', amount_cents: 150_000, category: 'moradia' },
      day_of_month: 10,
    })
    expect(read('academia 120 todo dia 31')).toMatchObject({ day_of_month: 31 })
    expect(read('salário 4500 todo dia 32')).toEqual({ kind: 'planning_help', topic: 'recurring' })
    expect(read('salário todo dia 5')).toEqual({ kind: 'planning_help', topic: 'recurring' })
  })

  it('reads a house bill on a day of every month as a monthly bill', () => {
    expect(read('internet 99,90 todo dia 15')).toEqual({
      kind: 'monthly_bill',
      description: 'internet',
      amount_cents: 9_990,
      category: 'contas_casa',
      day_of_month: 15,
    })
    expect(read('conta de água todo dia 20')).toMatchObject({
      kind: 'monthly_bill',
      amount_cents: null,
      day_of_month: 20,
    })
  })

  it('reads a payment, with what it means when no bill matches', () => {
    const pay = (text: string) => {
      const d = withBillPayment(text, understand(text, ctx), ctx)
      return d.kind === 'planning' ? d.planning : d
    }
    // understand() alone keeps reading payments as entries.
    expect(understand('paguei a conta de luz 185', ctx).kind).toBe('entry')
    expect(pay('paguei a luz')).toMatchObject({
      kind: 'pay_bill',
      name: 'luz',
      amount_cents: null,
      paid_on: '2026-11-18',
    })
    expect(pay('paguei a conta de luz 185 ontem')).toMatchObject({
      kind: 'pay_bill',
      name: 'luz',
      amount_cents: 18_500,
      paid_on: '2026-11-17',
      otherwise: { kind: 'entry' },
    })
    expect(pay('paguei')).toMatchObject({ kind: 'needs_amount' })
    expect(pay('saldo')).toEqual({ kind: 'balance' })
  })

  it('leaves ordinary messages to the other readers', () => {
    for (const text of [
      'gastei 45,90 no mercado',
      'conta de luz 180 vence dia 10',
      'saldo',
      'apagar 3',
      'cancelar',
      'resumo',
      'uber 23,50 ontem',
    ]) {
      expect(read(text)).toBeNull()
    }
    expect(understand('conta de luz 180 vence dia 10', ctx).kind).toBe('bill')
    expect(understand('contas', ctx)).toEqual({
      kind: 'planning',
      planning: { kind: 'list_bills' },
    })
  })

  it('never throws on odd input', () => {
    for (const text of [
      '',
      '   ',
      'todo dia',
      'orçamento',
      'paguei paguei',
      '💸💸',
      'x'.repeat(600),
    ]) {
      expect(() => read(text)).not.toThrow()
    }
  })
})

describe('matchBill', () => {
  const bills = [
    { id: 1, description: 'Conta de luz' },
    { id: 2, description: 'internet fibra' },
    { id: 3, description: 'Faturas do cartão' },
  ]
  it('finds the bill whose name holds every word said', () => {
    expect(matchBill('luz', bills)?.id).toBe(1)
    expect(matchBill('conta de luz', bills)?.id).toBe(1)
    expect(matchBill('internet', bills)?.id).toBe(2)
    expect(matchBill('cartao', bills)?.id).toBe(3)
    expect(matchBill('agua', bills)).toBeNull()
    expect(matchBill('', bills)).toBeNull()
  })
})

describe('planning replies', () => {
  it('draws ten-cell bars', () => {
    expect(bar(0)).toBe('░░░░░░░░░░ 0%')
    expect(bar(87)).toBe('▓▓▓▓▓▓▓▓░░ 87%')
    expect(bar(140)).toBe('▓▓▓▓▓▓▓▓▓▓ 140%')
  })
  it('lists bills with overdue ones marked', () => {
    expect(
      planningReplies.bills(
        [{ description: 'luz', amount_cents: 18_000, due_on: '2026-11-10', paid_on: null }],
        '2026-11-18',
      ),
    ).toContain('• luz R$ 180,00 — venceu 10/11 ⚠️')
  })
})
