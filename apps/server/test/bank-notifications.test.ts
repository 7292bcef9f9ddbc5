import type { SimulatorConversation } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, type TestClient } from './auth-client.ts'
import { useTestServer } from './use-test-database.ts'

/**
 * Forwarded bank notifications (ARCHITECTURE §10) through the simulator: the same inbox → job →
 * assistant → sender pipeline as WhatsApp, on a real embedded PostgreSQL.
 */
const server = useTestServer({ WORKER: 'on', TRUST_PROXY: 'x-forwarded-for' })

async function conversation(client: TestClient) {
  const res = await client.request('/api/simulator/messages')
  expect(res.status).toBe(200)
  return (await res.json()) as SimulatorConversation
}

/** Sends a message and waits for the assistant's reply to it. */
async function say(client: TestClient, text: string): Promise<string> {
  const before = (await conversation(client)).messages.length
  expect((await client.post('/api/simulator/messages', { text })).status).toBe(202)
  let last: SimulatorConversation | undefined
  await expect
    .poll(
      async () => {
        last = await conversation(client)
        return !last.pending && last.messages.length >= before + 2
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true)
  return last?.messages[before + 1]?.text ?? ''
}

type Row = {
  description: string
  amount_cents: number
  type: string
  category: string
  occurred_on: string
  account_id: number
}
async function entries(userId: string): Promise<Row[]> {
  const { rows } = await server.database.pool.query<Row>(
    `select t.description, t.amount_cents, t.type, t.category, t.occurred_on::text as occurred_on,
            t.account_id::int as account_id
       from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = $1 order by t.id`,
    [userId],
  )
  return rows
}

async function accounts(client: TestClient) {
  const res = await client.request('/api/v1/accounts')
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { id: number; name: string; is_default: boolean }[] }).data
}

async function saoPauloToday(): Promise<string> {
  const { rows } = await server.database.pool.query<{ d: string }>(
    `select (now() at time zone 'America/Sao_Paulo')::date::text as d`,
  )
  return rows[0]?.d ?? ''
}

describe('a forwarded bank notification', () => {
  it('records one entry on the card whose final it names, dated by the notification, once', async () => {
    const { client, userId } = await signedInUser(server)
    const created = await client.post('/api/v1/accounts', {
      name: 'Cartão Itaú',
      kind: 'credit_card',
      closing_day: 5,
      due_day: 12,
      last_digits: '7710',
    })
    expect(created.status).toBe(201)
    const card = (await created.json()) as { id: number }

    const text =
      'Itau: Compra aprovada no cartao final 7710 de R$ 213,45 em 14/11/2026 as 19h22 em ASSAI ATACADISTA. Limite disponivel R$ 4.120,00'
    const reply = await say(client, text)
    expect(reply).toMatch(/R\$ 213,45/)
    expect(reply).toMatch(/Cartão Itaú/)
    expect(await entries(userId)).toEqual([
      {
        description: 'Assai Atacadista',
        amount_cents: 21345,
        type: 'expense',
        category: 'mercado',
        occurred_on: '2026-11-14',
        account_id: card.id,
      },
    ])

    // Forwarded again (WhatsApp's "Encaminhada" mark, other spacing): nothing new.
    const again = await say(client, `Encaminhada\n${text.replace(/ /g, '  ').toUpperCase()}`)
    expect(again).toMatch(/já foi anotada/)
    expect(await entries(userId)).toHaveLength(1)
  })

  it('a final that matches no account goes to the default account and the reply says so', async () => {
    const { client, userId } = await signedInUser(server)
    const reply = await say(
      client,
      'Compra de R$ 57,30 APROVADA em RAIA DROGASIL para o cartão com final 4821',
    )
    expect(reply).toMatch(/Não achei cartão com final 4821/)
    expect(reply).toMatch(/Conta principal/)
    const main = (await accounts(client)).find((a) => a.is_default)
    const rows = await entries(userId)
    expect(rows).toEqual([
      {
        description: 'Raia Drogasil',
        amount_cents: 5730,
        type: 'expense',
        category: 'saude',
        occurred_on: await saoPauloToday(),
        account_id: main?.id,
      },
    ])
  })

  it('a Pix received is income dated the message day; an offer records nothing', async () => {
    const { client, userId } = await signedInUser(server)
    const reply = await say(client, 'Pix recebido! Você recebeu R$ 1.200,00 de Beatriz Nogueira.')
    expect(reply).toMatch(/Receita de \*R\$ 1\.200,00\*/)
    const offer = await say(
      client,
      'Mercado Pago: Empréstimo de até R$ 5.000,00 disponível para você. Peça já!',
    )
    expect(offer).not.toMatch(/anotad/)
    expect(await entries(userId)).toEqual([
      {
        description: 'Pix de Beatriz Nogueira',
        amount_cents: 120000,
        type: 'income',
        category: 'outras_receitas',
        occurred_on: await saoPauloToday(),
        account_id: (await accounts(client)).find((a) => a.is_default)?.id,
      },
    ])
  })

  it('installments stated in the notification become installments on the card', async () => {
    const { client, userId } = await signedInUser(server)
    const created = await client.post('/api/v1/accounts', {
      name: 'Nubank',
      kind: 'credit_card',
      closing_day: 3,
      due_day: 10,
      last_digits: '0093',
    })
    const card = (await created.json()) as { id: number }
    const reply = await say(
      client,
      'Compra de R$ 600,00 APROVADA em FAST SHOP em 3x para o cartão com final 0093',
    )
    expect(reply).toMatch(/em 3x/)
    const rows = await entries(userId)
    expect(rows.map((r) => [r.description, r.amount_cents, r.account_id])).toEqual([
      ['Fast Shop (1/3)', 20000, card.id],
      ['Fast Shop (2/3)', 20000, card.id],
      ['Fast Shop (3/3)', 20000, card.id],
    ])
  })

  it('after desfazer, the same notification can be recorded again', async () => {
    const { client, userId } = await signedInUser(server)
    const text = 'PicPay: Você pagou R$ 25,00 para Maria Eduarda.'
    await say(client, text)
    await say(client, 'desfazer')
    expect(await entries(userId)).toHaveLength(0)
    expect(await say(client, text)).toMatch(/R\$ 25,00/)
    expect(await entries(userId)).toHaveLength(1)
  })
})
