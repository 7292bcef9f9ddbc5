import { describe, expect, it } from 'vitest'
import { NOTIFICATION_EVAL_NOW } from '../eval/notifications/cases.ts'
import { NOTIFICATION_CORPUS } from '../eval/notifications/corpus.ts'
import { NOTIFICATION_HELDOUT } from '../eval/notifications/heldout.ts'
import { scoreByBank } from '../eval/notifications/score.ts'
import { notificationFingerprint, readBankNotification } from './bank-notification.ts'
import { understand } from './understand.ts'

const now = NOTIFICATION_EVAL_NOW
const read = (text: string) => {
  const r = readBankNotification(text, now)
  return r?.kind === 'notification' ? r.notification : r
}

describe('notification accuracy per bank (fully right: kind, amount, merchant, date, digits)', () => {
  // Held-out: written before the reader and never tuned on (eval/notifications/heldout.ts).
  for (const [name, set, floor] of [
    ['corpus', NOTIFICATION_CORPUS, 0.95],
    ['held-out', NOTIFICATION_HELDOUT, 0.8],
  ] as const) {
    it(`${name}: every bank ≥ ${floor * 100} %`, () => {
      const scores = scoreByBank(set)
      console.log(
        `${name}: ${scores.map((s) => `${s.bank} ${s.right}/${s.total}`).join(', ')}\n${scores.flatMap((s) => s.misses).join('\n')}`,
      )
      for (const s of scores) {
        expect(s.total, s.bank).toBeGreaterThan(0)
        expect(s.right / s.total, `${s.bank}: ${s.misses.join(' | ')}`).toBeGreaterThanOrEqual(
          floor,
        )
      }
    })
  }

  it('at least 200 notifications, 60 of them held out', () => {
    expect(NOTIFICATION_CORPUS.length + NOTIFICATION_HELDOUT.length).toBeGreaterThanOrEqual(200)
    expect(NOTIFICATION_HELDOUT.length).toBeGreaterThanOrEqual(60)
  })
})

describe('readBankNotification', () => {
  it('takes the purchase, not the limit beside it, and the card digits', () => {
    const n = read(
      'Itau: Compra aprovada no cartao final 1234 de R$ 89,90 em DROGASIL. Limite disponivel R$ 2.300,00',
    )
    expect(n).toMatchObject({
      kind: 'expense',
      amount_cents: 8990,
      merchant: 'DROGASIL',
      last_digits: '1234',
      bank: 'itau',
    })
  })

  it('"Você recebeu" is income', () => {
    expect(read('Você recebeu um Pix de R$ 150,00 de Joana Prado')).toMatchObject({
      kind: 'income',
      amount_cents: 15000,
      merchant: 'Joana Prado',
    })
  })

  it('never takes the bank for the merchant', () => {
    const n = read('Nubank: Você recebeu R$ 3,10 de cashback do Nubank.')
    expect(n).toMatchObject({ kind: 'income', amount_cents: 310 })
    expect(n && 'merchant' in n ? n.merchant : null).toBeNull()
  })

  it('installments stated as "3x de R$ 30,00" make a total of R$ 90,00 in 3', () => {
    expect(
      read('Compra aprovada no cartão final 4321 em 3x de R$ 30,00 em LOJA AZUL'),
    ).toMatchObject({ amount_cents: 9000, installments: 3 })
  })

  it('dates dd/mm, dd/mm/aa and "05 AGO", times 13h59', () => {
    expect(
      read('BB: Compra no cartao final 1111 de RS 10,00 em LOJA em 05/11/25 as 13h59.'),
    ).toMatchObject({ date: '2025-11-05', time: '13:59' })
    expect(read('C6 Bank: Compra aprovada de R$ 10,00 em LOJA 05 AGO 13h59')).toMatchObject({
      date: '2026-08-05',
    })
    // A day after the message is last year's.
    expect(read('Santander: Compra aprovada valor R$ 10,00 em 25/12 LOJA X.')).toMatchObject({
      date: '2025-12-25',
    })
  })

  it('offers, bills and balances with a figure are no transaction', () => {
    for (const t of [
      'Nubank: Você tem R$ 12.000,00 de empréstimo pré-aprovado.',
      'Itau: Sua fatura fechou no valor de R$ 1.200,00.',
      'CAIXA: Saldo disponivel R$ 500,00',
    ])
      expect(readBankNotification(t, now)).toEqual({ kind: 'not_transaction' })
  })

  it('typed messages are no notification', () => {
    for (const t of [
      'pix 50 pro joão',
      'mercado 45,90',
      'recebi 1500 de salário',
      'compra 30 na feira',
    ])
      expect(readBankNotification(t, now)).toBeNull()
  })

  it('the fingerprint ignores spacing, case and a forwarding mark', () => {
    expect(notificationFingerprint('Encaminhada\nCompra  APROVADA R$ 1,00')).toBe(
      notificationFingerprint('compra aprovada r$ 1,00'),
    )
  })
})

describe('understand() reads a notification first', () => {
  it('a card purchase becomes one entry dated by the notification', () => {
    const d = understand(
      'Itau: Compra aprovada no cartao final 1234 de R$ 89,90 em 14/11 as 13h59 em DROGASIL',
      { now },
    )
    expect(d).toMatchObject({
      kind: 'bank_notification',
      entry: {
        type: 'expense',
        amount_cents: 8990,
        description: 'Drogasil',
        category: 'saude',
        occurred_on: '2026-11-14',
      },
      notification: { last_digits: '1234' },
    })
  })

  it('no date in the notification: the message day', () => {
    const d = understand('Pix recebido! Você recebeu R$ 1.200,00 de Beatriz Nogueira.', { now })
    expect(d).toMatchObject({
      kind: 'bank_notification',
      entry: { type: 'income', occurred_on: '2026-11-18', description: 'Pix de Beatriz Nogueira' },
    })
  })

  it('installments become a plan of monthly entries', () => {
    const d = understand(
      'Compra de R$ 300,00 APROVADA em FAST SHOP em 3x para o cartão com final 0093',
      { now },
    )
    expect(d.kind).toBe('bank_notification')
    if (d.kind !== 'bank_notification') return
    expect(d.plan?.entries.map((e) => [e.amount_cents, e.occurred_on, e.description])).toEqual([
      [10000, '2026-11-18', 'Fast Shop (1/3)'],
      [10000, '2026-12-18', 'Fast Shop (2/3)'],
      [10000, '2027-01-18', 'Fast Shop (3/3)'],
    ])
  })

  it('an offer records nothing', () => {
    expect(
      understand('Mercado Pago: Empréstimo de até R$ 5.000,00 disponível para você.', { now }).kind,
    ).toBe('not_entry')
  })
})
