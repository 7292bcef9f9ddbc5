import { describe, expect, it } from 'vitest'
import { splitCents } from './installments.ts'
import { addMonthsClamped } from './dates.ts'
import type { Decision } from './types.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z') // Wednesday, noon in São Paulo

function plan(text: string, at = now) {
  const d: Decision = understand(text, { now: at })
  if (d.kind !== 'installments') throw new Error(`${text}: ${JSON.stringify(d)}`)
  return d.plan
}

describe('purchases in installments', () => {
  it.each<[string, number, number, string]>([
    ['comprei uma TV de 2.400 em 12x', 12, 240000, 'tv'],
    ['parcelei 1.200 em 6 vezes', 6, 120000, 'compra parcelada'],
    ['3x de 100', 3, 30000, 'compra parcelada'],
    ['celular em 12 parcelas de 150', 12, 180000, 'celular'],
    ['10x de 49,90 no tênis', 10, 49900, 'tênis'],
    ['sofá 2.400 em 8x sem juros', 8, 240000, 'sofá'],
  ])('%s → %i × = %i (%s)', (text, count, total, description) => {
    const p = plan(text)
    expect(p.count).toBe(count)
    expect(p.total_cents).toBe(total)
    expect(p.description).toBe(description)
    expect(p.entries).toHaveLength(count)
    expect(p.entries.reduce((s, e) => s + e.amount_cents, 0)).toBe(total)
    expect(p.entries[1]?.description).toBe(`${description} (2/${count})`)
  })

  it('dates the first on the purchase day and the rest a month apart', () => {
    const p = plan('tv 2.400 em 12x')
    expect(p.entries.map((e) => e.occurred_on).slice(0, 3)).toEqual([
      '2026-11-18',
      '2026-12-18',
      '2027-01-18',
    ])
    expect(p.entries[11]?.occurred_on).toBe('2027-10-18')
    expect(plan('tv 2.400 em 12x ontem').entries[0]?.occurred_on).toBe('2026-11-17')
  })

  it('falls on the last day of shorter months', () => {
    const p = plan('geladeira 900 em 4x', new Date('2027-01-31T15:00:00Z'))
    expect(p.entries.map((e) => e.occurred_on)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
    expect(addMonthsClamped('2027-12-31', 2)).toBe('2028-02-29')
  })

  it('splits centavos exactly, the first installments taking the remainder', () => {
    expect(splitCents(100000, 3)).toEqual([33334, 33333, 33333])
    expect(splitCents(1001, 4)).toEqual([251, 250, 250, 250])
    expect(splitCents(240000, 12)).toEqual(Array(12).fill(20000))
  })

  it('is no installment plan for 1x, products, scores or questions', () => {
    for (const text of ['tv 2.000 em 1x', '12 x 35', 'placar 2x0', 'dá pra parcelar 1.500 em 10x?'])
      expect(understand(text, { now }).kind, text).not.toBe('installments')
  })
})
