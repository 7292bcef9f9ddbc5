import { FEATURE_KEYS, type FeatureKey } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { assertFeature, ownerHasFeature, planHasFeatureSql } from './feature-gate.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'

/*
 * planHasFeatureSql: the one SQL reading of a plan's feature flag, shared by the route gate
 * (assertFeature), the WhatsApp replies (ownerHasFeature) and the queries that select by plan
 * (team ledgers, support tiers, scheduled reports, budget alerts).
 */

const db = useTestDatabase()

async function planHas(feature: FeatureKey, planType: string): Promise<unknown> {
  const { rows } = await db.pool.query<{ has: unknown }>(
    `select ${planHasFeatureSql(feature)} as has from plan_features p where p.plan_type = $1`,
    [planType],
  )
  return rows[0]?.has
}

describe('planHasFeatureSql', () => {
  it('is true for a plan with the feature and false for a plan without it', async () => {
    expect(await planHas('acesso_api', 'empresas_15')).toBe(true)
    expect(await planHas('acesso_api', 'empresas_2')).toBe(false)
    expect(await planHas('alertas_orçamento', 'pf_simples')).toBe(true)
    expect(await planHas('alertas_orçamento', 'free')).toBe(false)
  })

  it('agrees with every seeded plan on every key', async () => {
    for (const feature of FEATURE_KEYS) {
      const { rows } = await db.pool.query<{ features: Record<string, boolean>; has: boolean }>(
        `select p.features, ${planHasFeatureSql(feature)} as has from plan_features p`,
      )
      expect(rows.length).toBe(4)
      for (const row of rows) expect(row.has, feature).toBe(row.features[feature] === true)
    }
  })

  it('reads a missing key, a false one and no features at all as false, under any alias', async () => {
    const { rows } = await db.pool.query<{ has: boolean }>(
      `select ${planHasFeatureSql('suporte_dedicado', 'plan')} as has
         from (values (1, '{"suporte_dedicado": true}'::jsonb), (2, '{"suporte_dedicado": false}'),
                      (3, '{"acesso_api": true}'), (4, null)) as plan(n, features)
        order by n`,
    )
    expect(rows.map((r) => r.has)).toEqual([true, false, false, false])
  })

  it('puts only the known keys and a plain alias into SQL text', () => {
    expect(planHasFeatureSql('exportação_pdf')).toBe(
      "coalesce((p.features ->> 'exportação_pdf')::boolean, false)",
    )
    expect(() => planHasFeatureSql("acesso_api') or (true" as FeatureKey)).toThrow(/unknown/)
    expect(() => planHasFeatureSql('acesso_api', 'p; drop table plan_features')).toThrow(/alias/)
  })

  it('decides ownerHasFeature and assertFeature by the owner plan', async () => {
    const paying = await insertUser(db.pool, 'empresas_2')
    const free = await insertUser(db.pool, 'free')
    expect(await ownerHasFeature(db.pool, { ownerId: paying, feature: 'análise_avançada' })).toBe(
      true,
    )
    expect(await ownerHasFeature(db.pool, { ownerId: free, feature: 'análise_avançada' })).toBe(
      false,
    )
    await expect(
      assertFeature(db.pool, { ownerId: free, feature: 'análise_avançada' }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'FEATURE_NOT_IN_PLAN',
      message: expect.stringContaining('Empresas 2'),
    })
  })
})
