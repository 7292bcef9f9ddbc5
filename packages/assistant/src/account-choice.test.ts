import { describe, expect, it } from 'vitest'
import { answerAccountQuestion } from './account-choice.ts'
import { accountReplies } from './account-replies.ts'
import type { AccountInfo, AccountQuestion } from './account-types.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z')
const ACCOUNTS: AccountInfo[] = [
  { id: 1, name: 'Conta principal', kind: 'checking', is_default: true, archived: false },
  { id: 2, name: 'Nubank', kind: 'credit_card', is_default: false, archived: false },
  { id: 3, name: 'Itaú Personnalité', kind: 'checking', is_default: false, archived: false },
  { id: 4, name: 'Inter', kind: 'credit_card', is_default: false, archived: false },
]

function question(text: string): AccountQuestion {
  const d = understand(text, { now, accounts: ACCOUNTS })
  if (d.kind !== 'choose_account') throw new Error(`no question for ${text}: ${d.kind}`)
  return d.question
}

describe('answering "em qual conta?"', () => {
  const q = question('gastei 80 no bradesco')

  it.each<[string, number]>([
    ['1', 1],
    ['2', 2],
    ['3.', 3],
    ['opção 4', 4],
    ['nubank', 2],
    ['no itaú', 3],
    ['Itaú Personnalité', 3],
    ['conta principal', 1],
  ])('%s → account %i, the entry as first read', (text, id) => {
    expect(answerAccountQuestion(text, q)).toMatchObject({
      kind: 'entry',
      entry: { ...(q.pending.kind === 'entry' ? q.pending.entry : {}), account_id: id },
    })
  })

  it('a number out of range asks again instead of becoming R$ 7,00', () => {
    expect(answerAccountQuestion('7', q)).toEqual({ kind: 'choose_account', question: q })
  })

  it("'não' cancels; anything else is no answer", () => {
    expect(answerAccountQuestion('não', q)).toEqual({ kind: 'account_choice_cancelled' })
    expect(answerAccountQuestion('cancelar', q)).toEqual({ kind: 'account_choice_cancelled' })
    expect(answerAccountQuestion('gastei 45 no mercado', q)).toBeNull()
    expect(answerAccountQuestion('', q)).toBeNull()
  })

  it('fills the side of a transfer it asked, then asks the other one without the chosen', () => {
    const both = question('transferi 500 do bradesco pro santander')
    expect(both.asks.map((a) => a.slot)).toEqual(['to', 'from'])
    const next = answerAccountQuestion('2', both)
    expect(next?.kind).toBe('choose_account')
    if (next?.kind !== 'choose_account') return
    expect(next.question.asks[0]?.slot).toBe('from')
    expect(next.question.asks[0]?.choices.map((c) => c.id)).not.toContain(2)
    expect(answerAccountQuestion('conta principal', next.question)).toMatchObject({
      kind: 'transfer',
      transfer: { from_account_id: 1, to_account_id: 2, amount_cents: 50000 },
    })
  })

  it('fills the card of a bill payment', () => {
    const pay = question('paguei a fatura')
    expect(answerAccountQuestion('inter', pay)).toMatchObject({
      kind: 'pay_card_bill',
      payment: { card_id: 4, from_account_id: 1 },
    })
  })
})

describe('account replies', () => {
  it('lists the choices numbered and says nothing was recorded', () => {
    const text = accountReplies.chooseAccount(question('gastei 80 no bradesco'))
    expect(text).toContain('Não encontrei a conta *bradesco*.')
    expect(text).toContain('1. Conta principal\n2. Nubank\n3. Itaú Personnalité\n4. Inter')
    expect(text).toContain('Nada foi anotado ainda.')
    expect(accountReplies.chooseAccount(question('uber 25 no crédito'))).toMatch(/^Qual cartão\?/)
  })

  it('balances: each account and the total', () => {
    const text = accountReplies.balances([
      { name: 'Conta principal', kind: 'checking', balance_cents: 150000, archived: false },
      { name: 'Nubank', kind: 'credit_card', balance_cents: -32000, archived: false },
      { name: 'Velha', kind: 'savings', balance_cents: 0, archived: true },
    ])
    expect(text).toContain('• Conta principal: R$ 1.500,00')
    expect(text).toContain('• Nubank (cartão): -R$ 320,00')
    expect(text).not.toContain('Velha')
    expect(text).toContain('Total: *R$ 1.180,00*')
  })

  it('a transfer says it is no spending', () => {
    const text = accountReplies.transferRecorded({
      purpose: 'withdrawal',
      amount_cents: 20000,
      from: 'Conta principal',
      to: 'Carteira',
      occurred_on: '2026-11-18',
    })
    expect(text).toContain('Saque de *R$ 200,00* anotado')
    expect(text).toContain('Conta principal → Carteira · 18/11')
    expect(text).toContain('Não conta como gasto nem como receita.')
  })

  it('card bills: the open one and the last closed one', () => {
    const text = accountReplies.cardBills(
      [
        {
          card: 'Nubank',
          open: {
            month: '2026-12',
            closes_on: '2026-11-25',
            due_on: '2026-12-02',
            total_cents: 32000,
            paid_cents: 0,
            status: 'open',
          },
          closed: {
            month: '2026-11',
            closes_on: '2026-10-25',
            due_on: '2026-11-02',
            total_cents: 125000,
            paid_cents: 100000,
            status: 'closed',
          },
          available_cents: 200000,
        },
      ],
      '2026-11-18',
    )
    expect(text).toContain('Fatura aberta: *R$ 320,00* até agora (fecha 25/11, vence 02/12)')
    expect(text).toContain('Última fechada: R$ 1.250,00, venceu 02/11 · falta pagar *R$ 250,00*')
    expect(text).toContain('Limite disponível: R$ 2.000,00')
  })
})

describe('one choice offered', () => {
  it("'sim' takes it", () => {
    const only: AccountInfo[] = [ACCOUNTS[0] as AccountInfo]
    const d = understand('gastei 80 no bradesco', { now, accounts: only })
    expect(d.kind).toBe('choose_account')
    if (d.kind !== 'choose_account') return
    expect(answerAccountQuestion('sim', d.question)).toMatchObject({
      kind: 'entry',
      entry: { amount_cents: 8000, account_id: 1 },
    })
  })
})
