import { notificationSettingsSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { runTaskCommand } from '../app/cli/commands/run-task.ts'
import { UsageError } from '../app/cli/command.ts'
import { assertFeature, FeatureNotInPlanError, featureUpsellText } from '../tenancy/feature-gate.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const ALL_ON = {
  bill_reminders: true,
  budget_alerts: true,
  high_spending_alerts: true,
  weekly_report: true,
  monthly_report: true,
}

describe('/api/v1/notification-settings', () => {
  it('answers 401 without a session', async () => {
    const res = await new TestClient(server).request('/api/v1/notification-settings')
    expect(res.status).toBe(401)
  })

  it('starts with every kind on, and keeps a partial change', async () => {
    const { client } = await signedInUser(server)
    const first = await client.request('/api/v1/notification-settings')
    expect(expectContract(notificationSettingsSchema, await first.json())).toEqual(ALL_ON)
    const patched = await client.request('/api/v1/notification-settings', {
      method: 'PATCH',
      json: { weekly_report: false },
    })
    expect(patched.status).toBe(200)
    expect(expectContract(notificationSettingsSchema, await patched.json())).toEqual({
      ...ALL_ON,
      weekly_report: false,
    })
    const again = await client.request('/api/v1/notification-settings')
    expect(await again.json()).toEqual({ ...ALL_ON, weekly_report: false })
  })

  it('refuses unknown keys, wrong types and an empty change in pt-BR', async () => {
    const { client } = await signedInUser(server)
    for (const json of [{}, { weekly_report: 'sim' }, { sms: true }, []]) {
      const res = await client.request('/api/v1/notification-settings', { method: 'PATCH', json })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('VALIDATION_ERROR')
      expect(body.error.message).not.toMatch(/invalid|expected/i)
    }
  })
})

describe('feature gate', () => {
  it('lets a plan with the feature through and names the cheapest plan otherwise', async () => {
    const db = server.database.pool
    const paying = await insertUser(db, 'pf_simples')
    await expect(
      assertFeature(db, { ownerId: paying, feature: 'alertas_orçamento' }),
    ).resolves.toBeUndefined()
    const free = await insertUser(db, 'free')
    const error = await assertFeature(db, { ownerId: free, feature: 'análise_avançada' }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(FeatureNotInPlanError)
    expect((error as FeatureNotInPlanError).status).toBe(403)
    expect((error as FeatureNotInPlanError).code).toBe('FEATURE_NOT_IN_PLAN')
    expect((error as FeatureNotInPlanError).message).toContain('Empresas 2')
    const text = await featureUpsellText(db, {
      feature: 'exportação_pdf',
      publicUrl: 'https://equilibrai.com.br',
    })
    expect(text).toContain('*Pessoa Física*')
    expect(text).toContain('https://equilibrai.com.br/dashboard#planos')
  })
})

describe('run-task', () => {
  const ctx = () => ({
    db: server.database.pool,
    env: server.deps.env,
    log: server.deps.log,
    print: (line: string) => lines.push(line),
  })
  const lines: string[] = []

  it('refuses an unknown task and a bad --at with a clear message', async () => {
    await expect(runTaskCommand.run(ctx(), ['nao_existe'])).rejects.toThrow(UsageError)
    await expect(runTaskCommand.run(ctx(), ['nao_existe'])).rejects.toThrow(/bill_reminders/)
    await expect(runTaskCommand.run(ctx(), ['bill_reminders', '--at', 'amanhã'])).rejects.toThrow(
      /--at/,
    )
  })

  it('runs a known task at the given moment', async () => {
    await runTaskCommand.run(ctx(), ['bill_reminders', '--at', '2026-12-09T09:00:00-03:00'])
    expect(lines.at(-1)).toMatch(/^bill_reminders em 2026-12-09T12:00:00.000Z: /)
  })
})
