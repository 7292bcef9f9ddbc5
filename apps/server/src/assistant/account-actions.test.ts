import type { AccountCreate } from '@equilibrai/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import { createAccount, updateAccount } from '../ledger/index.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { ledgerForUser } from '../tenancy/index.ts'
import { handleMessage } from './assistant-service.ts'

/*
 * Accounts on WhatsApp (ARCHITECTURE §9) end to end on a real database: the account a message
 * names, transfers that are never income or expense, card bills paid and asked for, 'saldo'
 * per account, 'Em qual conta?' answered by the next message, and 'desfazer' of a transfer.
 */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

// A Wednesday, 18/11/2026, at noon in São Paulo.
const NOW = new Date('2026-11-18T15:00:00Z')
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000)

let msg = 0
function say(userId: string, text: string, now = NOW) {
  const messageId = `wamid.acc.${++msg}`
  return withTransaction(db, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now,
      source: 'whatsapp',
      messageId,
      publicUrl: 'https://equilibrai.test',
    }),
  )
}

type Accounts = { user: string; ledgerId: number; main: number; ids: Record<string, number> }

/** A person with 'Conta principal' and the accounts given. */
async function person(...accounts: AccountCreate[]): Promise<Accounts> {
  const user = await insertUser(db, 'pf_simples')
  const ledger = await ledgerForUser(db, { userId: user })
  const ids: Record<string, number> = {}
  for (const input of accounts)
    ids[input.name] = (await createAccount(db, { ledgerId: ledger.ledgerId, input })).id
  const { rows } = await db.query<{ id: number }>(
    'select id from accounts where ledger_id = $1 and is_default',
    [ledger.ledgerId],
  )
  return { user, ledgerId: ledger.ledgerId, main: rows[0]?.id ?? 0, ids }
}

const NUBANK: AccountCreate = {
  name: 'Nubank',
  kind: 'credit_card',
  closing_day: 10,
  due_day: 17,
  limit_cents: 500_000,
}
const POUPANCA: AccountCreate = { name: 'Poupança', kind: 'savings' }
const CARTEIRA: AccountCreate = { name: 'Carteira', kind: 'cash' }

async function entriesOf(p: Accounts) {
  const { rows } = await db.query<{
    description: string
    amount_cents: number
    account_id: number
  }>(
    `select description, amount_cents, account_id from transactions where ledger_id = $1 order by id`,
    [p.ledgerId],
  )
  return rows
}

async function transfersOf(p: Accounts) {
  const { rows } = await db.query<{
    from_account_id: number
    to_account_id: number
    amount_cents: number
    source: string
    whatsapp_message_id: string | null
  }>(
    `select from_account_id, to_account_id, amount_cents, source, whatsapp_message_id
       from transfers where ledger_id = $1 order by id`,
    [p.ledgerId],
  )
  return rows
}

describe("an entry's account", () => {
  it('records on the account the message names, else on the default', async () => {
    const p = await person(NUBANK, CARTEIRA)
    await say(p.user, 'gastei 80 no nubank')
    await say(p.user, 'pão 10 em dinheiro')
    await say(p.user, 'mercado 50')
    await say(p.user, 'uber 25 no crédito')
    expect(await entriesOf(p)).toEqual([
      { description: 'gasto', amount_cents: 8000, account_id: p.ids.Nubank },
      { description: 'pão', amount_cents: 1000, account_id: p.ids.Carteira },
      { description: 'mercado', amount_cents: 5000, account_id: p.main },
      { description: 'uber', amount_cents: 2500, account_id: p.ids.Nubank },
    ])
  })

  it('a name that matches no account asks, records nothing, and the answer records it', async () => {
    const p = await person(NUBANK)
    const asked = await say(p.user, 'gastei 80 no bradesco')
    expect(asked.decision.kind).toBe('choose_account')
    expect(asked.reply).toContain('Não encontrei a conta *bradesco*')
    expect(asked.reply).toContain('1. Conta principal\n2. Nubank')
    expect(await entriesOf(p)).toEqual([])

    const answered = await say(p.user, '2', minutes(1))
    expect(answered.reply).toMatch(/R\$ 80,00\* anotado/)
    expect(await entriesOf(p)).toEqual([
      { description: 'gasto', amount_cents: 8000, account_id: p.ids.Nubank },
    ])
    // The question is gone once answered.
    expect((await say(p.user, 'sim', minutes(2))).reply).toMatch(/Não há nada esperando/)
  })

  it('an account archived before the answer is said, and nothing is recorded', async () => {
    const p = await person(NUBANK)
    await say(p.user, 'gastei 80 no bradesco')
    await withTransaction(db, (tx) =>
      updateAccount(tx, {
        ledgerId: p.ledgerId,
        accountId: p.ids.Nubank ?? 0,
        patch: { archived: true },
      }),
    )
    const { reply } = await say(p.user, '2', minutes(1))
    expect(reply).toContain('Não consegui anotar: Essa conta está arquivada.')
    expect(await entriesOf(p)).toEqual([])
  })

  it('any other message drops the question; an answer after the window is no answer', async () => {
    const p = await person(NUBANK)
    await say(p.user, 'gastei 80 no bradesco')
    await say(p.user, 'resumo', minutes(1))
    expect((await say(p.user, 'não', minutes(2))).reply).toMatch(/Não há nada esperando/)
    // 'nubank' 17 minutes later would have answered it: the entry stays unrecorded.
    await say(p.user, 'gastei 30 no santander', minutes(3))
    await say(p.user, 'nubank', minutes(20))
    expect(await entriesOf(p)).toEqual([])
    await say(p.user, 'gastei 30 no santander', minutes(30))
    expect((await say(p.user, 'não', minutes(31))).reply).toMatch(/cancelei. Nada foi anotado/)
    expect(await entriesOf(p)).toEqual([])
  })
})

describe('transfers', () => {
  it('records transfers, investments and withdrawals as transfers, never as entries', async () => {
    const p = await person(POUPANCA, CARTEIRA)
    const moved = await say(p.user, 'transferi 500 pra poupança')
    expect(moved.reply).toContain('Transferência de *R$ 500,00* anotada!')
    expect(moved.reply).toContain('Conta principal → Poupança')
    expect(moved.reply).toContain('Não conta como gasto nem como receita.')
    expect((await say(p.user, 'saquei 200')).reply).toContain('Conta principal → Carteira')
    expect(await transfersOf(p)).toEqual([
      {
        from_account_id: p.main,
        to_account_id: p.ids.Poupança,
        amount_cents: 50000,
        source: 'whatsapp',
        whatsapp_message_id: expect.stringMatching(/^wamid\.acc\./),
      },
      {
        from_account_id: p.main,
        to_account_id: p.ids.Carteira,
        amount_cents: 20000,
        source: 'whatsapp',
        whatsapp_message_id: expect.stringMatching(/^wamid\.acc\./),
      },
    ])
    expect(await entriesOf(p)).toEqual([])
    // Not in the month's summary.
    expect((await say(p.user, 'resumo')).reply).toMatch(/Ainda não há lançamentos/)
  })

  it('explains when the ledger has no account to receive it, and records nothing', async () => {
    const p = await person()
    const { reply } = await say(p.user, 'investi 1000 no tesouro')
    expect(reply).toContain('não tem uma conta de *investimento*')
    expect(await transfersOf(p)).toEqual([])
    expect(await entriesOf(p)).toEqual([])
  })

  it("'desfazer' undoes the last thing recorded: the transfer, then the entry before it", async () => {
    const p = await person(POUPANCA)
    await say(p.user, 'mercado 45')
    await say(p.user, 'transferi 500 pra poupança', minutes(1))
    const undone = await say(p.user, 'desfazer', minutes(2))
    expect(undone.reply).toContain('Apaguei: transferência de R$ 500,00')
    expect(await transfersOf(p)).toEqual([])
    expect(await entriesOf(p)).toHaveLength(1)
    expect((await say(p.user, 'desfazer', minutes(3))).reply).toMatch(/Desfeito/)
    expect(await entriesOf(p)).toEqual([])
  })
})

describe('card bills and saldo', () => {
  it('answers the bills, pays the closed one from the default account, and saldo per account', async () => {
    const p = await person(NUBANK)
    // 05/11 is in the bill that closed on 10/11 (due 17/11); 18/11 in the one closing 10/12.
    await say(p.user, 'gastei 300 no nubank dia 5')
    await say(p.user, 'uber 50 no nubank')
    const bills = (await say(p.user, 'fatura do nubank')).reply
    expect(bills).toContain('Fatura aberta: *R$ 50,00* até agora (fecha 10/12, vence 17/12)')
    expect(bills).toContain('Última fechada: R$ 300,00, venceu 17/11 · falta pagar *R$ 300,00*')
    expect(bills).toContain('Limite disponível: R$ 4.650,00')

    const paid = await say(p.user, 'paguei a fatura do nubank')
    expect(paid.reply).toContain('Pagamento de *R$ 300,00* da fatura de novembro de 2026')
    expect(paid.reply).toContain('Fatura paga ✅')
    expect(await transfersOf(p)).toMatchObject([
      { from_account_id: p.main, to_account_id: p.ids.Nubank, amount_cents: 30000 },
    ])
    expect(await entriesOf(p)).toHaveLength(2)
    expect((await say(p.user, 'paguei a fatura')).reply).toMatch(
      /já está paga ✅.*Nada foi anotado/,
    )

    const saldo = (await say(p.user, 'saldo')).reply
    expect(saldo).toContain('• Conta principal: -R$ 300,00')
    expect(saldo).toContain('• Nubank (cartão): -R$ 50,00')
    expect(saldo).toContain('Total: *-R$ 350,00*')
  })

  it("without a card, 'paguei a fatura' is explained and never recorded as spending", async () => {
    const p = await person()
    const { reply } = await say(p.user, 'paguei a fatura do cartão')
    expect(reply).toContain('não tem um cartão de crédito cadastrado')
    expect(await entriesOf(p)).toEqual([])
    expect(await transfersOf(p)).toEqual([])
  })
})
