import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseStatement } from './parse-statement.ts'
import { type AccountForStatement, accountForStatement } from './statement-account.ts'

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))

describe('what a statement file says about its account', () => {
  it.each([
    ['itau-102-cp1252.ofx', { card: false, bank: 'itau' }],
    ['nubank-conta.csv', { card: false, bank: 'nubank' }],
    ['nubank-cartao.csv', { card: true, bank: 'nubank' }],
    ['inter-cp1252.csv', { card: false, bank: 'inter' }],
  ])('%s → %j', async (name, source) => {
    expect((await parseStatement(fixture(name))).source).toEqual(source)
  })
})

const account = (
  id: number,
  name: string,
  kind: AccountForStatement['kind'],
  extra: Partial<AccountForStatement> = {},
): AccountForStatement => ({ id, name, kind, is_default: false, archived: false, ...extra })

const main = account(1, 'Conta principal', 'checking', { is_default: true })
const nubankCard = account(2, 'Nubank', 'credit_card')
const itau = account(3, 'Conta Itaú', 'checking')
const bradesco = account(4, 'Bradesco', 'checking')
const nubankConta = account(5, 'NuConta', 'checking')

describe('which account a statement sent on WhatsApp is for', () => {
  it('the one account of the kind, or the one named like the bank', () => {
    expect(accountForStatement([main, nubankCard], { card: false, bank: 'nubank' })).toEqual({
      account: main,
    })
    expect(accountForStatement([main, nubankCard], { card: true, bank: 'nubank' })).toEqual({
      account: nubankCard,
    })
    expect(accountForStatement([main, itau, bradesco], { card: false, bank: 'itau' })).toEqual({
      account: itau,
    })
  })

  it('several of the kind and none named: a question, the default account first', () => {
    expect(
      accountForStatement([bradesco, main, nubankConta], { card: false, bank: 'itau' }),
    ).toEqual({ choices: [main, bradesco, nubankConta] })
  })

  it('no account of the kind: the default account; archived accounts never count', () => {
    expect(accountForStatement([main], { card: true, bank: 'nubank' })).toEqual({ account: main })
    expect(
      accountForStatement([main, { ...itau, archived: true }], { card: false, bank: null }),
    ).toEqual({ account: main })
  })
})
