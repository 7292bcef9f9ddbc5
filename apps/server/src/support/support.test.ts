import type { AdminSupportRequest, SupportRequest } from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import { COMMANDS } from '../app/cli/registry.ts'
import { SUPPORT_ANSWER_SUBJECT } from './support-emails.ts'

let server: TestServer
let mail: MailCatcher
beforeAll(async () => {
  mail = await startMailCatcher()
  // E-mails go out through the outbox's job runner (ADR 020).
  server = await startTestServer({
    SMTP_URL: mail.url,
    TRUST_PROXY: 'x-forwarded-for',
    WORKER: 'on',
  })
})
afterAll(async () => {
  await server?.stop()
  await mail?.close()
})

type User = Awaited<ReturnType<typeof signedInUser>>

async function person(plan: string, name = 'Maria da Silva'): Promise<User> {
  const u = await signedInUser(server, { name })
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

async function ask(u: User, subject: string): Promise<SupportRequest> {
  const res = await u.client.post('/api/support/requests', {
    subject,
    message: `Dúvida: ${subject}`,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as SupportRequest
}

describe('support', () => {
  it('queues dedicated → priority → standard, then oldest first; the answer reaches the person', async () => {
    const admin = await person('free', 'Ana Admin')
    await setAdmin(server.database.pool, admin.email, true)
    const free = await person('free', 'Fulano Grátis')
    const pf = await person('pf_simples', 'Pedro Pessoa')
    const biz2 = await person('empresas_2', 'Padaria Pão Quente')
    const biz15 = await person('empresas_15', 'Rede de Lojas')

    // Asked in this order: the queue must not follow it.
    await ask(free, 'grátis 1')
    await ask(biz2, 'prioritário 1')
    await ask(pf, 'padrão pf')
    await ask(biz15, 'dedicado 1')
    const priority2 = await ask(biz2, 'prioritário 2')
    expect(priority2).toMatchObject({
      plan_type: 'empresas_2',
      tier: 'priority',
      status: 'open',
      answer: null,
    })

    const queue = (await (await admin.client.request('/api/admin/support/requests')).json()) as {
      data: AdminSupportRequest[]
    }
    expect(queue.data.map((r) => [r.subject, r.plan_name])).toEqual([
      ['dedicado 1', 'Empresas 15'],
      ['prioritário 1', 'Empresas 2'],
      ['prioritário 2', 'Empresas 2'],
      ['grátis 1', 'Gratuito'],
      ['padrão pf', 'Pessoa Física'],
    ])

    // Only admins see the queue and answer.
    expect((await biz15.client.request('/api/admin/support/requests')).status).toBe(403)
    expect((await new TestClient(server).request('/api/admin/support/requests')).status).toBe(401)
    const first = queue.data[0] as AdminSupportRequest
    const notAdmin = await biz15.client.request(`/api/admin/support/requests/${first.id}`, {
      method: 'PATCH',
      json: { answer: 'eu mesmo' },
    })
    expect(notAdmin.status).toBe(403)

    const since = mail.messages.length
    const answered = await admin.client.request(`/api/admin/support/requests/${first.id}`, {
      method: 'PATCH',
      json: { answer: 'Pode exportar em Relatórios.' },
    })
    expect(answered.status).toBe(200)
    expect(await answered.json()).toMatchObject({
      status: 'answered',
      answer: 'Pode exportar em Relatórios.',
    })
    const message = await mail.waitFor(biz15.email, { since, subject: SUPPORT_ANSWER_SUBJECT })
    expect(message.subject).toBe('Resposta do suporte — Equilibraí') // the literal text, not the constant
    expect(message.text).toContain('Pode exportar em Relatórios.')
    const twice = await admin.client.request(`/api/admin/support/requests/${first.id}`, {
      method: 'PATCH',
      json: { answer: 'de novo' },
    })
    expect(twice.status).toBe(409)

    const mine = (await (await biz15.client.request('/api/support/requests')).json()) as {
      data: SupportRequest[]
      tier: string
    }
    expect(mine.tier).toBe('dedicated')
    expect(mine.data).toEqual([
      expect.objectContaining({ subject: 'dedicado 1', answer: 'Pode exportar em Relatórios.' }),
    ])
    // Nobody sees another person's requests.
    const others = (await (await free.client.request('/api/support/requests')).json()) as {
      data: SupportRequest[]
    }
    expect(others.data.map((r) => r.subject)).toEqual(['grátis 1'])
  })

  it('validates input in pt-BR and caps open requests', async () => {
    const u = await person('free')
    const bad = await u.client.post('/api/support/requests', { subject: ' ', message: 'x' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Assunto é obrigatório' },
    })
    for (let i = 0; i < 5; i++) await ask(u, `pergunta ${i}`)
    const sixth = await u.client.post('/api/support/requests', { subject: 'mais', message: 'uma' })
    expect(sixth.status).toBe(409)
    expect(
      (await new TestClient(server).post('/api/support/requests', { subject: 'a', message: 'b' }))
        .status,
    ).toBe(401)
  })

  it('shows an Empresas 15 customer the account manager an admin named', async () => {
    const customer = await person('empresas_15', 'Rede de Lojas')
    const lines: string[] = []
    await COMMANDS['set-account-manager']?.run(
      {
        db: server.database.pool,
        env: server.deps.env,
        log: server.deps.log,
        print: (l) => lines.push(l),
      },
      [customer.email, 'Beatriz Gerente', 'beatriz@equilibrai.com.br', '(11) 98888-7777'],
    )
    expect(lines[0]).toContain('Beatriz Gerente')
    const view = async () =>
      (
        (await (await customer.client.request('/api/support/requests')).json()) as {
          account_manager: unknown
        }
      ).account_manager
    expect(await view()).toEqual({
      name: 'Beatriz Gerente',
      email: 'beatriz@equilibrai.com.br',
      whatsapp: '11988887777',
    })

    const admin = await person('free')
    await setAdmin(server.database.pool, admin.email, true)
    const put = await admin.client.request('/api/admin/account-managers', {
      method: 'PUT',
      json: {
        customer_email: customer.email,
        name: 'Caio Gerente',
        email: 'caio@equilibrai.com.br',
        whatsapp: '5511977776666',
      },
    })
    expect(put.status).toBe(200)
    expect(await view()).toMatchObject({ name: 'Caio Gerente' })
    const missing = await admin.client.request('/api/admin/account-managers', {
      method: 'PUT',
      json: {
        customer_email: 'ninguem@exemplo.com.br',
        name: 'X Y',
        email: 'x@y.com',
        whatsapp: '11988887777',
      },
    })
    expect(missing.status).toBe(404)

    // Not on a dedicated plan: no manager shown.
    await server.database.pool.query(
      `update subscribers set plan_type = 'empresas_2' where user_id = $1`,
      [customer.userId],
    )
    expect(await view()).toBeNull()
  })
})
