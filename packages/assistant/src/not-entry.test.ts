import { describe, expect, it } from 'vitest'
import type { Decision } from './types.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z') // Wednesday, noon in São Paulo
const read = (text: string): Decision => understand(text, { now })

describe('questions, plans and sums are never entries', () => {
  it.each<[string, string]>([
    ['quanto é 10% de 300?', 'question'],
    ['gastei 50 no mercado?', 'question'],
    ['será que dá pra gastar 200 no mercado', 'question'],
    ['dá pra parcelar 1.500 em 10x', 'question'],
    ['qnt fica 200 menos 45', 'question'],
    ['vale a pena pagar 90 na academia', 'question'],
    ['se eu gastar 300 no mercado ainda sobra', 'plan'],
    ['caso eu receba 2.000 de freela', 'plan'],
    ['vou gastar 150 no mercado', 'plan'],
    ['quero juntar 5 mil', 'plan'],
    ['amanhã pago a luz 180', 'plan'],
    ['tenho que pagar 200 de condomínio', 'plan'],
    ['semana que vem pago 300 do dentista', 'plan'],
    ['10% de 300', 'arithmetic'],
    ['120 + 45 + 30', 'arithmetic'],
    ['300 - 45', 'arithmetic'],
    ['12 x 3,50', 'arithmetic'],
    ['1200 dividido por 6', 'arithmetic'],
    ['gasolina a 6,19 o litro', 'question'],
  ])('%s → not_entry (%s)', (text, reason) => {
    expect(read(text)).toEqual({ kind: 'not_entry', reason })
  })

  it('keeps entries that only mention such words', () => {
    expect(read('quero lançar 50 no mercado')).toMatchObject({ kind: 'entry' })
    expect(read('paguei 90 no mercado com 10% de desconto')).toMatchObject({
      kind: 'entry',
      entry: { amount_cents: 9000 },
    })
    expect(read('+50 freela')).toMatchObject({ kind: 'entry', entry: { type: 'income' } })
    expect(read('mercado -30')).toMatchObject({ kind: 'entry', entry: { amount_cents: 3000 } })
  })

  it('answers the questions it knows instead', () => {
    expect(read('qual meu saldo?').kind).toBe('balance')
    expect(read('qto tenho').kind).toBe('balance')
    expect(read('qto gastei esse mês?')).toEqual({ kind: 'summary', month: '2026-11' })
    expect(read('qnt gastei com ifood')).toEqual({ kind: 'summary', category: 'alimentacao' })
  })
})

describe('identifiers are never money', () => {
  it.each([
    'NF 001.234.567',
    'nota fiscal 000.123.456 emitida',
    'pedido 123.456 saiu pra entrega',
    'o número do pedido é 2.345.678',
    'protocolo 2026.1118.0042',
    'cpf 123.456.789-09',
    '11.222.333/0001-81',
    'cep 01310-100',
    'CEP 01310100',
    'senha do wifi 12345678',
    'o jogo foi 3 a 1',
    'placar 2x0',
    'brasil 7 x 1 alemanha',
    'nasci em 1990',
    'em 2027 eu troco de carro',
    'boleto 34191.79001 01043.510047 91020.150008 7 97510000012345',
    'kkkk 50',
  ])('%s', (text) => {
    const d = read(text)
    expect(['entry', 'entries', 'installments', 'confirm_large', 'confirm_date']).not.toContain(
      d.kind,
    )
  })

  it('still reads money written next to an identifier word', () => {
    expect(read('pedido 45,90 no ifood')).toMatchObject({ entry: { amount_cents: 4590 } })
    expect(read('pedido #4521 do ifood 45')).toMatchObject({ entry: { amount_cents: 4500 } })
    expect(read('aluguel 2000')).toMatchObject({ entry: { amount_cents: 200000 } })
  })
})

describe('dates still to come', () => {
  it('asks instead of recording, with the day said', () => {
    expect(read('mercado 200 amanhã')).toMatchObject({
      kind: 'confirm_date',
      said_on: '2026-11-19',
      entry: { amount_cents: 20000, occurred_on: '2026-11-18' },
    })
    expect(read('almoço 45 dia 20/12/2026')).toMatchObject({
      kind: 'confirm_date',
      said_on: '2026-12-20',
    })
    expect(read('jantar 150 sexta que vem')).toMatchObject({
      kind: 'confirm_date',
      said_on: '2026-11-20',
    })
    expect(read('aluguel 1.800 na próxima segunda')).toMatchObject({ said_on: '2026-11-23' })
    const vague = read('escola 900 mês que vem')
    expect(vague.kind).toBe('confirm_date')
    expect(vague).not.toHaveProperty('said_on')
  })

  it('is a bill when it says vence, and the past stays the past', () => {
    expect(read('luz 180 vence amanhã')).toMatchObject({
      kind: 'bill',
      bill: { due_on: '2026-11-19' },
    })
    expect(read('mercado 120 dia 25')).toMatchObject({ entry: { occurred_on: '2026-10-25' } })
    expect(read('farmácia 40 dia 25/12')).toMatchObject({ entry: { occurred_on: '2025-12-25' } })
  })
})

describe('everyday shapes', () => {
  it.each<[string, number, string]>([
    ['trinta e cinco no almoço', 3500, 'alimentacao'],
    ['paguei trinta no uber', 3000, 'transporte'],
    ['mil e duzentos de aluguel', 120000, 'moradia'],
    ['ifod 32', 3200, 'alimentacao'],
    ['ubr 18', 1800, 'transporte'],
    ['uberr 22', 2200, 'transporte'],
  ])('%s → %i %s', (text, cents, category) => {
    expect(read(text)).toMatchObject({ kind: 'entry', entry: { amount_cents: cents, category } })
  })

  it('reads 13º and décimo terceiro as salary', () => {
    for (const text of ['recebi o 13º 2.300', 'caiu o décimo terceiro 1.900', '13° salário 2.000'])
      expect(read(text), text).toMatchObject({ entry: { type: 'income', category: 'salario' } })
  })

  it("never takes 'um'/'uma' or 'dez da manhã' for money", () => {
    expect(read('comprei uma camisa').kind).toBe('needs_amount')
    expect(read('me conta uma piada').kind).toBe('not_understood')
  })

  it("'me conta' and 'conta pra mim' are the verb, not a bill", () => {
    expect(read('me conta quanto gastei esse mês')).toEqual({ kind: 'summary', month: '2026-11' })
    expect(read('conta pra mim o meu saldo')).toEqual({ kind: 'balance' })
    expect(read('conta pra mim como funciona')).toEqual({ kind: 'help' })
    expect(read('conta de luz 150')).toMatchObject({ entry: { category: 'contas_casa' } })
  })
})
