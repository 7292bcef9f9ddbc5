import { describe, expect, it } from 'vitest'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z') // Wednesday, noon in São Paulo

function items(text: string) {
  const d = understand(text, { now })
  if (d.kind !== 'entries') throw new Error(`${text}: ${JSON.stringify(d)}`)
  return d.entries.map((e) => [e.type, e.amount_cents, e.category, e.description, e.occurred_on])
}

describe('several items in one message', () => {
  it('reads each item on its own, in message order', () => {
    expect(items('uber 20 e ifood 40')).toEqual([
      ['expense', 2000, 'transporte', 'uber', '2026-11-18'],
      ['expense', 4000, 'alimentacao', 'ifood', '2026-11-18'],
    ])
    expect(items('mercado 150, farmácia 32; padaria 9')).toEqual([
      ['expense', 15000, 'mercado', 'mercado', '2026-11-18'],
      ['expense', 3200, 'saude', 'farmácia', '2026-11-18'],
      ['expense', 900, 'alimentacao', 'padaria', '2026-11-18'],
    ])
    expect(items('gasolina 200\nestacionamento 25')).toHaveLength(2)
    expect(items('1) mercado 50 2) uber 20')).toHaveLength(2)
  })

  it("shares the message's one date and an earlier item's verb", () => {
    expect(items('gastei 30 no almoço e 12 no café ontem')).toEqual([
      ['expense', 3000, 'alimentacao', 'almoço', '2026-11-17'],
      ['expense', 1200, 'alimentacao', 'café', '2026-11-17'],
    ])
    expect(items('recebi 500 de freela e paguei 80 de internet')).toEqual([
      ['income', 50000, 'servicos', 'freela', '2026-11-18'],
      ['expense', 8000, 'contas_casa', 'internet', '2026-11-18'],
    ])
  })

  it('keeps one item when only one part has an amount', () => {
    for (const text of ['pão e leite 14', 'arroz, feijão e óleo 45', 'uber ida e volta 40']) {
      expect(understand(text, { now }).kind, text).toBe('entry')
    }
    expect(understand('2 mil e 500 de reforma', { now })).toMatchObject({
      kind: 'entry',
      entry: { amount_cents: 250000 },
    })
    expect(understand('12 reais e 50 centavos de pão', { now })).toMatchObject({
      kind: 'entry',
      entry: { amount_cents: 1250 },
    })
  })

  it('records none of them when one item cannot be recorded as is', () => {
    expect(understand('mercado 80 e farmácia 25 amanhã', { now }).kind).toBe('not_understood')
  })
})
