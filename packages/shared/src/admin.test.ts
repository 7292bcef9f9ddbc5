import { describe, expect, it } from 'vitest'
import { adminStats, adminUsersQuerySchema, conversionRate, SPEC_PRO_PLAN_TYPES } from './admin.ts'

describe('conversionRate', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 10, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [3, 3, 100],
  ])('%i of %i → %i%%', (part, total, expected) => {
    expect(conversionRate(part, total)).toBe(expected)
  })

  it('is never NaN or Infinity', () => {
    expect(conversionRate(Number.NaN, 0)).toBe(0)
    expect(conversionRate(1, Number.NaN)).toBe(0)
  })
})

describe('adminStats', () => {
  it("counts only the spec's 'pro' and 'basic' plan types as Pro", () => {
    expect(SPEC_PRO_PLAN_TYPES).toEqual(['pro', 'basic'])
    const stats = adminStats(8, [
      { plan_type: 'free', name: 'Gratuito', subscription_status: 'active', count: 3 },
      { plan_type: 'pf_simples', name: 'Pessoa Física', subscription_status: 'active', count: 2 },
      { plan_type: 'pro', name: null, subscription_status: 'active', count: 1 },
      { plan_type: 'basic', name: null, subscription_status: 'canceled', count: 1 },
      { plan_type: 'pf_simples', name: 'Pessoa Física', subscription_status: 'past_due', count: 1 },
    ])
    expect(stats).toEqual({
      total_users: 8,
      pro_subscribers: 2,
      conversion_rate: 25,
      pro_plan_types: ['pro', 'basic'],
      // pf_simples ×2 and pro ×1 are active on a plan but free; past_due and canceled do not pay.
      paying_subscribers: 3,
      paying_conversion_rate: 38,
      by_plan_type: [
        { plan_type: 'free', name: 'Gratuito', count: 3, active: 3 },
        { plan_type: 'pf_simples', name: 'Pessoa Física', count: 3, active: 2 },
        { plan_type: 'basic', name: null, count: 1, active: 0 },
        { plan_type: 'pro', name: null, count: 1, active: 1 },
      ],
    })
  })

  it('reads 0 Pro and 0% with our real plan types, and with no users at all', () => {
    expect(
      adminStats(2, [
        { plan_type: 'empresas_15', name: 'Empresas 15', subscription_status: 'active', count: 1 },
        { plan_type: 'free', name: 'Gratuito', subscription_status: 'active', count: 1 },
      ]),
    ).toMatchObject({
      pro_subscribers: 0,
      conversion_rate: 0,
      paying_subscribers: 1,
      paying_conversion_rate: 50,
    })
    expect(adminStats(0, [])).toEqual({
      total_users: 0,
      pro_subscribers: 0,
      conversion_rate: 0,
      pro_plan_types: ['pro', 'basic'],
      paying_subscribers: 0,
      paying_conversion_rate: 0,
      by_plan_type: [],
    })
  })
})

describe('adminUsersQuerySchema', () => {
  it('defaults the limit to 50 and drops an empty search', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ limit: 50 })
    expect(adminUsersQuerySchema.parse({ q: '   ', limit: '10' })).toEqual({ limit: 10 })
    expect(adminUsersQuerySchema.parse({ q: ' Ana ' })).toEqual({ limit: 50, q: 'Ana' })
  })
})
