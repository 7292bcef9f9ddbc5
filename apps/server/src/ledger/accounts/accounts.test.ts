import {
  type Account,
  accountListSchema,
  accountSchema,
  addMonths,
  entryUsageSchema,
  invoiceListSchema,
  monthSummarySchema,
  saoPauloDate,
  transactionPageSchema,
  transactionSchema,
  transferListSchema,
  transferSchema,
} from '@equilibrai/shared'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../../test/auth-client.ts'
import { expectContract } from '../../../test/contract.ts'
import { hashToken } from '../../teams/team-service.ts'
import { balanceFromEntries } from './balances.queries.ts'
import { useTestServer } from '../../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type User = Awaited<ReturnType<typeof signedInUser>>

async function user(plan = 'pf_simples'): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

const today = saoPauloDate(new Date())
/** `n` days from today (negative: before), YYYY-MM-DD. */
function day(n: number): string {
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

const send = (u: User, method: string, path: string, json?: unknown) =>
  u.client.request(path, { method, json })

async function accounts(u: User): Promise<Account[]> {
  const res = await u.client.request('/api/v1/accounts')
  expect(res.status).toBe(200)
  return expectContract(accountListSchema, await res.json()).data
}

async function createAccount(u: User, body: Record<string, unknown>): Promise<Account> {
  const res = await u.client.post('/api/v1/accounts', body)
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return expectContract(accountSchema, await res.json())
}

const card = (over: Record<string, unknown> = {}) => ({
  name: 'Nubank',
  kind: 'credit_card',
  closing_day: 10,
  due_day: 17,
  limit_cents: 500000,
  last_digits: '1234',
  ...over,
})

async function entry(u: User, over: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/transactions', {
    type: 'expense',
    amount_cents: 1000,
    description: 'compra',
    category: 'compras',
    occurred_on: today,
    ...over,
  })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return expectContract(transactionSchema, await res.json())
}

async function transfer(u: User, body: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/transfers', { occurred_on: today, ...body })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return expectContract(transferSchema, await res.json())
}

const balanceOf = (list: Account[], id: number) => list.find((a) => a.id === id)?.balance_cents

describe('/api/v1/accounts', () => {
  it('answers 401 without a session', async () => {
    const res = await fetch(`${server.url}/api/v1/accounts`)
    expect(res.status).toBe(401)
    expect((await fetch(`${server.url}/api/v1/transfers`)).status).toBe(401)
  })

  it('gives every ledger its default account, and entries without an account go to it', async () => {
    const u = await user()
    const [main, ...others] = await accounts(u)
    expect(others).toEqual([])
    expect(main).toEqual({
      id: expect.any(Number),
      name: 'Conta principal',
      kind: 'checking',
      balance_cents: 0,
      opening_balance_cents: 0,
      is_default: true,
      archived: false,
      closing_day: null,
      due_day: null,
      limit_cents: null,
      last_digits: null,
    })
    const recorded = await entry(u, {})
    expect(recorded.account_id).toBe(main?.id)
  })

  it('creates accounts and cards in the contract shape', async () => {
    const u = await user()
    const nubank = await createAccount(u, card())
    expect(nubank).toEqual({
      id: expect.any(Number),
      name: 'Nubank',
      kind: 'credit_card',
      balance_cents: 0,
      opening_balance_cents: 0,
      is_default: false,
      archived: false,
      closing_day: 10,
      due_day: 17,
      limit_cents: 500000,
      last_digits: '1234',
    })
    const savings = await createAccount(u, {
      name: 'Poupança',
      kind: 'savings',
      opening_balance_cents: 100000,
    })
    expect(savings.balance_cents).toBe(100000)
    expect((await accounts(u)).map((a) => a.name)).toEqual([
      'Conta principal',
      'Nubank',
      'Poupança',
    ])
  })

  it.each([
    [card({ closing_day: 32 }), 'Dia de fechamento deve ser entre 1 e 31'],
    [card({ due_day: 0 }), 'Dia de vencimento deve ser entre 1 e 31'],
    [card({ last_digits: '12a4' }), 'O final do cartão deve ter 4 números'],
    [card({ last_digits: '12345' }), 'O final do cartão deve ter 4 números'],
    [
      card({ closing_day: undefined }),
      'Informe o dia de fechamento e o dia de vencimento do cartão.',
    ],
    [
      { name: 'Itaú', kind: 'checking', closing_day: 5 },
      'Só cartões de crédito têm fechamento, vencimento, limite e final.',
    ],
    [{ name: '  ', kind: 'checking' }, 'Nome da conta é obrigatório'],
    [{ name: 'x'.repeat(61), kind: 'checking' }, 'Nome da conta deve ter no máximo 60 caracteres'],
    [{ name: 'Carteira', kind: 'wallet' }, 'Tipo de conta inválido'],
    [card({ limit_cents: -1 }), 'Limite não pode ser negativo'],
    [
      { name: 'Itaú', kind: 'checking', opening_balance_cents: 1.5 },
      'Saldo inicial deve ser em centavos',
    ],
  ])('refuses a bad account %j with a pt-BR 400', async (body, message) => {
    const u = await user()
    const res = await u.client.post('/api/v1/accounts', body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message })
  })

  it('refuses a name already taken, whatever the case (409)', async () => {
    const u = await user()
    await createAccount(u, card())
    const res = await u.client.post('/api/v1/accounts', { name: 'NUBANK', kind: 'checking' })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).code).toBe('ACCOUNT_NAME_TAKEN')
    const main = await u.client.post('/api/v1/accounts', { name: 'conta principal', kind: 'cash' })
    expect(main.status).toBe(409)
  })

  it('renames, archives (listed last with archived: true) and changes the default', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const itau = await createAccount(u, { name: 'Itaú', kind: 'checking' })
    const cash = await createAccount(u, { name: 'Carteira', kind: 'cash' })

    const renamed = await send(u, 'PATCH', `/api/v1/accounts/${itau.id}`, { name: 'Itaú PJ' })
    expect(renamed.status).toBe(200)
    expect(expectContract(accountSchema, await renamed.json()).name).toBe('Itaú PJ')

    const archived = await send(u, 'PATCH', `/api/v1/accounts/${cash.id}`, { archived: true })
    expect(expectContract(accountSchema, await archived.json()).archived).toBe(true)
    const list = await accounts(u)
    expect(list.at(-1)).toMatchObject({ id: cash.id, archived: true })
    // An archived account takes no new entries nor transfers.
    const onArchived = await u.client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 100,
      description: 'x',
      category: 'outros',
      occurred_on: today,
      account_id: cash.id,
    })
    expect(onArchived.status).toBe(422)
    expect((await errorOf(onArchived)).code).toBe('ACCOUNT_ARCHIVED')

    const archiveMain = await send(u, 'PATCH', `/api/v1/accounts/${main?.id}`, { archived: true })
    expect(archiveMain.status).toBe(409)
    expect((await errorOf(archiveMain)).code).toBe('DEFAULT_ACCOUNT')

    const made = await send(u, 'PATCH', `/api/v1/accounts/${itau.id}`, { is_default: true })
    expect(expectContract(accountSchema, await made.json()).is_default).toBe(true)
    const after = await accounts(u)
    expect(after.filter((a) => a.is_default).map((a) => a.id)).toEqual([itau.id])
    expect((await entry(u, {})).account_id).toBe(itau.id)

    const cardFieldOnChecking = await send(u, 'PATCH', `/api/v1/accounts/${itau.id}`, {
      closing_day: 5,
    })
    expect(cardFieldOnChecking.status).toBe(400)
    const nothing = await send(u, 'PATCH', `/api/v1/accounts/${itau.id}`, { kind: 'cash' })
    expect(nothing.status).toBe(400)
  })

  it('deletes an unused account; refuses one in use (409) and the default (409)', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const unused = await createAccount(u, { name: 'Vazia', kind: 'cash' })
    const used = await createAccount(u, { name: 'Usada', kind: 'savings' })
    const moved = await createAccount(u, { name: 'Com transferência', kind: 'investment' })
    await entry(u, { account_id: used.id })
    await transfer(u, { from_account_id: main?.id, to_account_id: moved.id, amount_cents: 500 })

    expect((await send(u, 'DELETE', `/api/v1/accounts/${unused.id}`)).status).toBe(204)
    for (const id of [used.id, moved.id]) {
      const res = await send(u, 'DELETE', `/api/v1/accounts/${id}`)
      expect(res.status).toBe(409)
      expect(await errorOf(res)).toEqual({
        code: 'ACCOUNT_IN_USE',
        message: 'Essa conta tem lançamentos ou transferências e não pode ser apagada. Arquive-a.',
      })
    }
    const res = await send(u, 'DELETE', `/api/v1/accounts/${main?.id}`)
    expect(res.status).toBe(409)
    expect((await errorOf(res)).code).toBe('DEFAULT_ACCOUNT')
    expect((await accounts(u)).map((a) => a.name).sort()).toEqual([
      'Com transferência',
      'Conta principal',
      'Usada',
    ])
  })

  it("answers 404 for another person's account, everywhere", async () => {
    const me = await user()
    const other = await user()
    const [theirs] = await accounts(other)
    const theirCard = await createAccount(other, card())
    const [mine] = await accounts(me)
    const id = theirs?.id
    const attempts = [
      send(me, 'PATCH', `/api/v1/accounts/${id}`, { name: 'roubada' }),
      send(me, 'DELETE', `/api/v1/accounts/${id}`),
      send(me, 'GET', `/api/v1/accounts/${theirCard.id}/invoices`),
      send(me, 'POST', `/api/v1/accounts/${theirCard.id}/invoices/2026-11/pay`, {
        from_account_id: mine?.id,
      }),
      me.client.post('/api/v1/transfers', {
        from_account_id: mine?.id,
        to_account_id: id,
        amount_cents: 100,
        occurred_on: today,
      }),
      me.client.post('/api/v1/transactions', {
        type: 'expense',
        amount_cents: 100,
        description: 'x',
        category: 'outros',
        occurred_on: today,
        account_id: id,
      }),
      send(me, 'PATCH', '/api/v1/accounts/abc', { name: 'x' }),
      send(me, 'GET', '/api/v1/accounts/99999999999/invoices'),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404)
      expect((await errorOf(res)).code).toBe('NOT_FOUND')
    }
    expect((await accounts(other))[0]?.name).toBe('Conta principal')
  })
})

describe('balances', () => {
  it('is opening + income − expense + transfers in − out, dated up to today; a card owes', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const mainId = main?.id as number
    const savings = await createAccount(u, {
      name: 'Poupança',
      kind: 'savings',
      opening_balance_cents: 50000,
    })
    const nubank = await createAccount(u, card())

    await entry(u, { type: 'income', category: 'salario', amount_cents: 300000 })
    await entry(u, { amount_cents: 4590, occurred_on: day(-40) })
    await entry(u, { amount_cents: 99999, occurred_on: day(1) }) // tomorrow: not yet
    await entry(u, { amount_cents: 12000, account_id: nubank.id, occurred_on: day(-3) })
    await entry(u, { amount_cents: 8000, account_id: nubank.id })
    await entry(u, {
      type: 'income',
      category: 'outras_receitas',
      amount_cents: 1500,
      account_id: nubank.id,
    }) // a refund on the card
    await transfer(u, { from_account_id: mainId, to_account_id: savings.id, amount_cents: 20000 })
    await transfer(u, {
      from_account_id: mainId,
      to_account_id: savings.id,
      amount_cents: 7777,
      occurred_on: day(2),
    }) // later: not yet
    await transfer(u, { from_account_id: mainId, to_account_id: nubank.id, amount_cents: 10000 })

    const list = await accounts(u)
    expect(balanceOf(list, mainId)).toBe(300000 - 4590 - 20000 - 10000)
    expect(balanceOf(list, savings.id)).toBe(50000 + 20000)
    expect(balanceOf(list, nubank.id)).toBe(-12000 - 8000 + 1500 + 10000)
    // The net position: every account together, as if nothing had moved between them.
    const net = list.reduce((sum, a) => sum + a.balance_cents, 0)
    expect(net).toBe(50000 + 300000 - 4590 - 12000 - 8000 + 1500)
    // The totals the triggers keep agree with the entries themselves.
    for (const a of list) {
      expect(await balanceFromEntries(server.database.pool, { accountId: a.id, today })).toBe(
        a.balance_cents,
      )
    }
  })

  it('follows an entry moved to another account, edited or deleted', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const cash = await createAccount(u, { name: 'Carteira', kind: 'cash' })
    const e = await entry(u, { amount_cents: 2500 })
    expect(balanceOf(await accounts(u), main?.id as number)).toBe(-2500)

    const moved = await send(u, 'PATCH', `/api/v1/transactions/${e.id}`, {
      account_id: cash.id,
      amount_cents: 3000,
    })
    expect(moved.status).toBe(200)
    expect(expectContract(transactionSchema, await moved.json()).account_id).toBe(cash.id)
    let list = await accounts(u)
    expect([balanceOf(list, main?.id as number), balanceOf(list, cash.id)]).toEqual([0, -3000])

    expect((await send(u, 'DELETE', `/api/v1/transactions/${e.id}`)).status).toBe(204)
    list = await accounts(u)
    expect(balanceOf(list, cash.id)).toBe(0)
  })

  it('filters the entries by account (?account_id=)', async () => {
    const u = await user()
    const cash = await createAccount(u, { name: 'Carteira', kind: 'cash' })
    await entry(u, { description: 'no principal' })
    const onCash = await entry(u, { description: 'em dinheiro', account_id: cash.id })
    const res = await u.client.request(`/api/v1/transactions?account_id=${cash.id}`)
    const page = expectContract(transactionPageSchema, await res.json())
    expect(page.data.map((t) => t.id)).toEqual([onCash.id])
    const bad = await u.client.request('/api/v1/transactions?account_id=abc')
    expect(bad.status).toBe(400)
  })
})

describe('/api/v1/transfers', () => {
  it('records, lists newest first (filtered by account), shows and deletes', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const savings = await createAccount(u, { name: 'Poupança', kind: 'savings' })
    const cash = await createAccount(u, { name: 'Carteira', kind: 'cash' })
    const first = await transfer(u, {
      from_account_id: main?.id,
      to_account_id: savings.id,
      amount_cents: 50000,
      occurred_on: day(-2),
    })
    expect(first).toEqual({
      id: expect.any(Number),
      from_account_id: main?.id,
      to_account_id: savings.id,
      amount_cents: 50000,
      occurred_on: day(-2),
      description: 'Transferência',
    })
    const second = await transfer(u, {
      from_account_id: main?.id,
      to_account_id: cash.id,
      amount_cents: 20000,
      description: 'Saque',
    })
    const all = expectContract(
      transferListSchema,
      await (await u.client.request('/api/v1/transfers')).json(),
    )
    expect(all.data.map((t) => t.id)).toEqual([second.id, first.id])
    const ofCash = await (await u.client.request(`/api/v1/transfers?account_id=${cash.id}`)).json()
    expect(expectContract(transferListSchema, ofCash).data.map((t) => t.id)).toEqual([second.id])
    const shown = await u.client.request(`/api/v1/transfers/${first.id}`)
    expect(expectContract(transferSchema, await shown.json())).toEqual(first)

    expect((await send(u, 'DELETE', `/api/v1/transfers/${first.id}`)).status).toBe(204)
    expect((await send(u, 'DELETE', `/api/v1/transfers/${first.id}`)).status).toBe(404)
    expect((await u.client.request(`/api/v1/transfers/${first.id}`)).status).toBe(404)
  })

  it.each([
    [{ same: true }, 'A conta de origem e a de destino precisam ser diferentes.'],
    [{ amount_cents: 0 }, 'Valor deve ser maior que zero'],
    [{ amount_cents: -100 }, 'Valor deve ser maior que zero'],
    [{ amount_cents: 10.5 }, 'Valor deve ser em centavos'],
    [{ occurred_on: '2026-02-30' }, 'Data inválida'],
    [{ to_account_id: 'poupança' }, 'Informe a conta de destino'],
  ])('refuses a bad transfer %j with a pt-BR 400', async (over, message) => {
    const u = await user()
    const [main] = await accounts(u)
    const savings = await createAccount(u, { name: 'Poupança', kind: 'savings' })
    const { same, ...rest } = over as Record<string, unknown>
    const res = await u.client.post('/api/v1/transfers', {
      from_account_id: main?.id,
      to_account_id: same ? main?.id : savings.id,
      amount_cents: 1000,
      occurred_on: today,
      ...rest,
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message })
  })

  it('is neither income nor expense: out of the summary and of the monthly count', async () => {
    const u = await user('free')
    const [main] = await accounts(u)
    const savings = await createAccount(u, { name: 'Poupança', kind: 'savings' })
    await entry(u, { amount_cents: 1000 })
    // The free plan's five entries a month: transfers take none of them.
    for (let i = 0; i < 7; i++) {
      await transfer(u, { from_account_id: main?.id, to_account_id: savings.id, amount_cents: 500 })
    }
    const usage = expectContract(
      entryUsageSchema,
      await (await u.client.request('/api/v1/usage')).json(),
    )
    expect(usage.used).toBe(1)
    const summary = expectContract(
      monthSummarySchema,
      await (await u.client.request(`/api/v1/summary?month=${today.slice(0, 7)}`)).json(),
    )
    expect([summary.income_cents, summary.expense_cents]).toEqual([0, 1000])
    const page = expectContract(
      transactionPageSchema,
      await (await u.client.request('/api/v1/transactions')).json(),
    )
    expect(page.data).toHaveLength(1)
  })
})

describe('card bills', () => {
  it('spreads installments over the bills of their dates, pays a bill with a transfer', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const nubank = await createAccount(u, card({ closing_day: 10, due_day: 17 }))
    // A purchase in 3 installments, a month apart: each in the bill of its own date.
    const thisMonth = today.slice(0, 7)
    const dates = [0, 1, 2].map((n) => `${addMonths(thisMonth, n - 3)}-05`)
    for (const [i, occurred_on] of dates.entries()) {
      await entry(u, {
        amount_cents: 30000,
        description: `TV (${i + 1}/3)`,
        account_id: nubank.id,
        occurred_on,
      })
    }
    // Bought on the 11th: after the closing day, so in the next month's bill.
    await entry(u, {
      amount_cents: 4500,
      account_id: nubank.id,
      occurred_on: `${addMonths(thisMonth, -2)}-11`,
    })
    // Far ahead: an installment still to come.
    await entry(u, {
      amount_cents: 7000,
      account_id: nubank.id,
      occurred_on: `${addMonths(thisMonth, 3)}-20`,
    })
    const get = async () => {
      const res = await u.client.request(`/api/v1/accounts/${nubank.id}/invoices`)
      expect(res.status).toBe(200)
      return expectContract(invoiceListSchema, await res.json()).data
    }
    const bills = await get()
    const m = (n: number) => addMonths(thisMonth, n)
    expect(bills).toEqual([
      {
        month: m(4),
        closes_on: `${m(4)}-10`,
        due_on: `${m(4)}-17`,
        total_cents: 7000,
        paid_cents: 0,
        status: 'open',
      },
      {
        month: m(-1),
        closes_on: `${m(-1)}-10`,
        due_on: `${m(-1)}-17`,
        total_cents: 30000 + 4500,
        paid_cents: 0,
        status: 'closed',
      },
      {
        month: m(-2),
        closes_on: `${m(-2)}-10`,
        due_on: `${m(-2)}-17`,
        total_cents: 30000,
        paid_cents: 0,
        status: 'closed',
      },
      {
        month: m(-3),
        closes_on: `${m(-3)}-10`,
        due_on: `${m(-3)}-17`,
        total_cents: 30000,
        paid_cents: 0,
        status: 'closed',
      },
    ])

    // Paying the oldest bill: a transfer of what is left, into the card, today.
    const pay = await u.client.post(`/api/v1/accounts/${nubank.id}/invoices/${m(-3)}/pay`, {
      from_account_id: main?.id,
    })
    expect(pay.status).toBe(201)
    const payment = expectContract(transferSchema, await pay.json())
    expect(payment).toMatchObject({
      from_account_id: main?.id,
      to_account_id: nubank.id,
      amount_cents: 30000,
      occurred_on: today,
      description: `Pagamento da fatura Nubank ${m(-3).slice(5)}/${m(-3).slice(0, 4)}`,
    })
    let after = await get()
    expect(after.find((b) => b.month === m(-3))).toMatchObject({
      paid_cents: 30000,
      status: 'paid',
    })
    const again = await u.client.post(`/api/v1/accounts/${nubank.id}/invoices/${m(-3)}/pay`, {
      from_account_id: main?.id,
    })
    expect(again.status).toBe(422)
    expect((await errorOf(again)).code).toBe('INVOICE_PAID')

    // More than one bill's worth: the rest goes to the next bills, oldest first.
    await u.client.post(`/api/v1/accounts/${nubank.id}/invoices/${m(-2)}/pay`, {
      from_account_id: main?.id,
      amount_cents: 40000,
    })
    after = await get()
    expect(after.find((b) => b.month === m(-2))).toMatchObject({
      paid_cents: 30000,
      status: 'paid',
    })
    expect(after.find((b) => b.month === m(-1))).toMatchObject({
      paid_cents: 10000,
      status: 'closed',
    })
    // The card's balance: minus what is owed (purchases dated up to today − payments).
    const owed = 30000 * 3 + 4500 - 70000
    expect(balanceOf(await accounts(u), nubank.id)).toBe(-owed)
    // Paying is a transfer: the month's expenses are the purchases, counted once.
    const summary = expectContract(
      monthSummarySchema,
      await (await u.client.request(`/api/v1/summary?month=${thisMonth}`)).json(),
    )
    expect(summary.expense_cents).toBe(0)
  })

  it('refuses bills of a non-card (422), an unknown bill (404) and a bad payment', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const nubank = await createAccount(u, card())
    const notCard = await u.client.request(`/api/v1/accounts/${main?.id}/invoices`)
    expect(notCard.status).toBe(422)
    expect((await errorOf(notCard)).code).toBe('NOT_A_CARD')
    for (const month of ['2026-13', 'agosto', '2019-01']) {
      const res = await u.client.post(`/api/v1/accounts/${nubank.id}/invoices/${month}/pay`, {
        from_account_id: main?.id,
      })
      expect(res.status).toBe(404)
    }
    await entry(u, { account_id: nubank.id, occurred_on: '2026-01-05' })
    const fromItself = await u.client.post(`/api/v1/accounts/${nubank.id}/invoices/2026-01/pay`, {
      from_account_id: nubank.id,
    })
    expect(fromItself.status).toBe(400)
    expect((await errorOf(fromItself)).message).toBe(
      'A conta de origem e a de destino precisam ser diferentes.',
    )
    const zero = await u.client.post(`/api/v1/accounts/${nubank.id}/invoices/2026-01/pay`, {
      from_account_id: main?.id,
      amount_cents: 0,
    })
    expect(zero.status).toBe(400)
  })
})

describe('a team', () => {
  it("works in the owner's accounts: members see them, record on them, pay the card", async () => {
    const owner = await user('empresas_15')
    const member = await user()
    const invited = await owner.client.post('/api/team/invitations', { email: member.email })
    expect(invited.status).toBe(201)
    const token = randomBytes(32).toString('base64url')
    await server.database.pool.query(
      'update team_invitations set token_hash = $2 where email = $1 and accepted_at is null',
      [member.email, hashToken(token)],
    )
    expect((await member.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
    const nubank = await createAccount(owner, card({ name: 'Cartão da empresa' }))
    const seen = await accounts(member)
    expect(seen.map((a) => a.name)).toEqual(['Conta principal', 'Cartão da empresa'])
    await entry(member, { account_id: nubank.id, amount_cents: 2500, occurred_on: '2026-01-05' })
    const pay = await member.client.post(`/api/v1/accounts/${nubank.id}/invoices/2026-01/pay`, {
      from_account_id: seen[0]?.id,
    })
    expect(pay.status).toBe(201)
    const list = await accounts(owner)
    expect(balanceOf(list, nubank.id)).toBe(0)
    expect(balanceOf(list, seen[0]?.id as number)).toBe(-2500)
  })
})

describe('webhooks', () => {
  it('emits transfer.created and transfer.deleted with the transfer', async () => {
    const u = await user('empresas_15')
    const [main] = await accounts(u)
    const savings = await createAccount(u, { name: 'Poupança', kind: 'savings' })
    const db = server.database.pool
    await db.query(
      `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
       select l.id, $1, 'http://127.0.0.1:9/h', '{transfer.created,transfer.deleted}', 'whsec_x'
         from ledgers l where l.owner_user_id = $1`,
      [u.userId],
    )
    const created = await transfer(u, {
      from_account_id: main?.id,
      to_account_id: savings.id,
      amount_cents: 1234,
    })
    expect((await send(u, 'DELETE', `/api/v1/transfers/${created.id}`)).status).toBe(204)
    const { rows } = await db.query(
      `select e.type, e.data from webhook_events e join ledgers l on l.id = e.ledger_id
        where l.owner_user_id = $1 order by e.created_at`,
      [u.userId],
    )
    expect(rows).toEqual([
      { type: 'transfer.created', data: created },
      { type: 'transfer.deleted', data: created },
    ])
  })
})

describe('the ledger of a person deleted', () => {
  it('goes with its accounts, entries and transfers', async () => {
    const u = await user()
    const [main] = await accounts(u)
    const nubank = await createAccount(u, card())
    await entry(u, { account_id: nubank.id })
    await transfer(u, { from_account_id: main?.id, to_account_id: nubank.id, amount_cents: 100 })
    const db = server.database.pool
    await db.query('delete from "user" where id = $1', [u.userId])
    await db.query('delete from profiles where id = $1', [u.userId])
    const { rows } = await db.query('select id from accounts where id = any($1)', [
      [main?.id, nubank.id],
    ])
    expect(rows).toEqual([])
  })
})
