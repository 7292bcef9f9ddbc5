import { describe, expect, it } from 'vitest'
import { CORPUS } from '../eval/corpus.ts'
import { EVAL_NOW } from '../eval/cases.ts'
import { HELDOUT_11 } from '../eval/heldout-11.ts'
import { HELDOUT_11B } from '../eval/heldout-11b.ts'
import { NEVER_RECORDED, records } from '../eval/score.ts'
import type { AccountInfo, AccountKind } from './account-types.ts'
import type { AssistantContext, Decision } from './types.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z') // Wednesday, noon in São Paulo

function account(id: number, name: string, kind: AccountKind, extra: Partial<AccountInfo> = {}) {
  return { id, name, kind, is_default: false, archived: false, ...extra }
}
const MAIN = account(1, 'Conta principal', 'checking', { is_default: true })
const NUBANK = account(2, 'Nubank', 'credit_card')
const POUPANCA = account(3, 'Poupança', 'savings')
const CARTEIRA = account(4, 'Carteira', 'cash')
const TESOURO = account(5, 'Tesouro Direto', 'investment')
const ITAU = account(6, 'Itaú', 'checking')
const FULL: AccountInfo[] = [MAIN, NUBANK, POUPANCA, CARTEIRA, TESOURO, ITAU]

const withAccounts = (accounts: readonly AccountInfo[]): AssistantContext => ({ now, accounts })
const full = withAccounts(FULL)

function accountOf(d: Decision): number | undefined {
  if (
    d.kind === 'entry' ||
    d.kind === 'confirm_entry' ||
    d.kind === 'confirm_large' ||
    d.kind === 'confirm_date'
  )
    return d.entry.account_id
  return undefined
}

describe("an entry's account", () => {
  it.each<[string, number, string]>([
    ['gastei 80 no nubank', NUBANK.id, 'gasto'],
    ['uber 25 no crédito', NUBANK.id, 'uber'],
    ['uber 25 no cartão de crédito', NUBANK.id, 'uber'],
    ['mercado 45,90 no débito', MAIN.id, 'mercado'],
    ['pão 10 em dinheiro', CARTEIRA.id, 'pão'],
    ['gastei 30 na conta do itaú', ITAU.id, 'gasto'],
    ['farmácia 32 no itau', ITAU.id, 'farmácia'],
    ['Almoço 40 pelo Nubank', NUBANK.id, 'almoço'],
    ['recebi 3.000 de salário na conta do itaú', ITAU.id, 'salário'],
    ['transferi 500 do itaú pro joão', ITAU.id, 'joão'],
  ])('%s → account %i, description %s', (text, id, description) => {
    const d = understand(text, full)
    expect(d.kind).toBe('entry')
    expect(accountOf(d)).toBe(id)
    if (d.kind === 'entry') expect(d.entry.description).toBe(description)
  })

  it('an entry that names no account has none: the server uses the default', () => {
    for (const text of ['gastei 45 no mercado', 'uber 23,50 ontem', 'paguei 15 no 99']) {
      const d = understand(text, full)
      expect(d.kind, text).toBe('entry')
      expect(accountOf(d), text).toBeUndefined()
    }
  })

  it("'no crédito' with the only card takes it; with two it asks which, listing only cards", () => {
    const second = account(7, 'Inter', 'credit_card')
    const d = understand('uber 25 no crédito', withAccounts([...FULL, second]))
    expect(d.kind).toBe('choose_account')
    if (d.kind !== 'choose_account') return
    expect(d.question.asks[0]).toMatchObject({ slot: 'entry', reason: 'several' })
    expect(d.question.asks[0]?.choices.map((c) => c.id)).toEqual([NUBANK.id, second.id])
    expect(d.question.pending).toMatchObject({ kind: 'entry', entry: { amount_cents: 2500 } })
  })

  it('a bank that matches no account asks with every active account, and records nothing', () => {
    const archived = account(8, 'Antiga', 'checking', { archived: true })
    const d = understand('gastei 80 no bradesco', withAccounts([...FULL, archived]))
    expect(records(d)).toBe(false)
    expect(d.kind).toBe('choose_account')
    if (d.kind !== 'choose_account') return
    expect(d.question.asks[0]).toMatchObject({ reason: 'unknown', said: 'bradesco' })
    expect(d.question.asks[0]?.choices.map((c) => c.id)).toEqual(FULL.map((a) => a.id))
  })

  it("'no crédito' without any card asks; bare 'cartão' without a card stays on the default", () => {
    const d = understand('uber 25 no crédito', withAccounts([MAIN, CARTEIRA]))
    expect(d.kind).toBe('choose_account')
    const bare = understand('uber 25 no cartão', withAccounts([MAIN, CARTEIRA]))
    expect(bare.kind).toBe('entry')
    expect(accountOf(bare)).toBeUndefined()
  })

  it('an account named like an ordinary word needs its whole name', () => {
    const mp = account(9, 'Mercado Pago', 'checking')
    const ctx = withAccounts([MAIN, mp])
    expect(accountOf(understand('gastei 45 no mercado', ctx))).toBeUndefined()
    expect(accountOf(understand('gastei 45 no mercado pago', ctx))).toBe(mp.id)
  })

  it('several items and installments all go to the named account', () => {
    const items = understand('uber 20 e ifood 40 no nubank', full)
    expect(items.kind).toBe('entries')
    if (items.kind === 'entries') expect(items.entries.map((e) => e.account_id)).toEqual([2, 2])
    const plan = understand('tv 1200 em 10x no nubank', full)
    expect(plan.kind).toBe('installments')
    if (plan.kind === 'installments')
      expect(new Set(plan.plan.entries.map((e) => e.account_id))).toEqual(new Set([2]))
  })

  it('a large amount keeps its account for the confirmation', () => {
    const d = understand('gastei 2 milhões no nubank', full)
    expect(d.kind).toBe('confirm_large')
    expect(accountOf(d)).toBe(NUBANK.id)
  })
})

describe('transfers, investments, withdrawals', () => {
  it.each<[string, number, number, number, string]>([
    ['transferi 500 pra poupança', MAIN.id, POUPANCA.id, 50000, 'transfer'],
    ['guardei 200 na poupança', MAIN.id, POUPANCA.id, 20000, 'transfer'],
    ['transferi 300 do itaú pro nubank', ITAU.id, NUBANK.id, 30000, 'transfer'],
    ['fiz um pix de 150 pra conta do itaú', MAIN.id, ITAU.id, 15000, 'transfer'],
    ['investi 1000 no tesouro', MAIN.id, TESOURO.id, 100000, 'investment'],
    ['apliquei 2 mil', MAIN.id, TESOURO.id, 200000, 'investment'],
    ['saquei 200', MAIN.id, CARTEIRA.id, 20000, 'withdrawal'],
    ['saquei 200 no itaú', ITAU.id, CARTEIRA.id, 20000, 'withdrawal'],
    ['tirei 200 no caixa eletrônico', MAIN.id, CARTEIRA.id, 20000, 'withdrawal'],
    ['resgatei 500 do tesouro', TESOURO.id, MAIN.id, 50000, 'redemption'],
  ])('%s', (text, from, to, cents, purpose) => {
    const d = understand(text, full)
    expect(d).toMatchObject({
      kind: 'transfer',
      transfer: {
        from_account_id: from,
        to_account_id: to,
        amount_cents: cents,
        occurred_on: '2026-11-18',
        purpose,
      },
    })
  })

  it('a transfer dated in the past keeps its day; one still to come is a plan', () => {
    expect(understand('transferi 500 pra poupança ontem', full)).toMatchObject({
      kind: 'transfer',
      transfer: { occurred_on: '2026-11-17' },
    })
    expect(understand('vou transferir 500 pra poupança', full)).toEqual({
      kind: 'not_entry',
      reason: 'plan',
    })
  })

  it('money to a person, or spent with a card, is still an entry', () => {
    expect(understand('transferi 500 pro joão', full).kind).toBe('entry')
    // 'pix' is no money verb to issue 24's confidence ('recusaram o pix de 100'): asked, never
    // a transfer.
    expect(understand('pix 50 pra maria', full).kind).toBe('confirm_entry')
    const card = understand('passei 80 no crédito', full)
    expect(card.kind).toBe('entry')
    expect(accountOf(card)).toBe(NUBANK.id)
  })

  it('with no savings account it asks where the money went, offering the other accounts', () => {
    const d = understand('transferi 500 pra poupança', withAccounts([MAIN, NUBANK, ITAU]))
    expect(d.kind).toBe('choose_account')
    if (d.kind !== 'choose_account') return
    expect(d.question.asks[0]).toMatchObject({ slot: 'to', reason: 'unknown', said: 'poupança' })
    expect(d.question.asks[0]?.choices.map((c) => c.id)).toEqual([NUBANK.id, ITAU.id])
    expect(d.question.pending).toMatchObject({ kind: 'transfer', transfer: { to_account_id: 0 } })
  })

  it('with nothing to offer it explains, never records an expense', () => {
    const only = withAccounts([MAIN])
    expect(understand('transferi 500 pra poupança', only)).toEqual({
      kind: 'missing_account',
      need: 'savings',
      purpose: 'transfer',
    })
    expect(understand('saquei 200', only)).toMatchObject({ kind: 'missing_account', need: 'cash' })
    expect(understand('investi 1000 no tesouro', only)).toMatchObject({
      kind: 'missing_account',
      need: 'investment',
    })
  })

  it('two amounts in one transfer are not taken half-way', () => {
    expect(understand('transferi 500 pra poupança e 200 pro tesouro', full)).toEqual({
      kind: 'not_understood',
    })
  })

  it('without an amount it asks for it', () => {
    expect(understand('saquei', full)).toEqual({
      kind: 'transfer_needs_amount',
      purpose: 'withdrawal',
      too_large: false,
    })
  })

  it('out of an account to one not said: asks where it went', () => {
    const d = understand('transferi 200 do itaú', full)
    expect(d.kind).toBe('choose_account')
    if (d.kind !== 'choose_account') return
    expect(d.question.asks[0]?.slot).toBe('to')
    expect(d.question.asks[0]?.choices.map((c) => c.id)).not.toContain(ITAU.id)
    expect(d.question.pending).toMatchObject({ transfer: { from_account_id: ITAU.id } })
  })

  it('into the default account with no origin said: asks where it came from', () => {
    const d = understand('transferi 500 pra conta principal', full)
    expect(d.kind).toBe('choose_account')
    if (d.kind !== 'choose_account') return
    expect(d.question.asks[0]?.slot).toBe('from')
    expect(d.question.asks[0]?.choices.map((c) => c.id)).not.toContain(MAIN.id)
  })
})

describe('card bills', () => {
  it.each<[string, number | null]>([
    ['paguei a fatura do nubank', null],
    ['paguei a fatura', null],
    ['paguei o cartão', null],
    ['paguei 800 da fatura do nubank', 80000],
  ])('%s pays the card from the default account', (text, cents) => {
    expect(understand(text, full)).toEqual({
      kind: 'pay_card_bill',
      payment: {
        card_id: NUBANK.id,
        from_account_id: MAIN.id,
        amount_cents: cents,
        paid_on: '2026-11-18',
      },
    })
  })

  it("'paguei 1.250 do cartão do inter': the card named, paid from the default account", () => {
    const inter = account(7, 'Inter', 'credit_card')
    expect(understand('paguei 1.250 do cartão do inter', withAccounts([...FULL, inter]))).toEqual({
      kind: 'pay_card_bill',
      payment: {
        card_id: 7,
        from_account_id: MAIN.id,
        amount_cents: 125000,
        paid_on: '2026-11-18',
      },
    })
  })

  it('pays from the account the message names', () => {
    expect(understand('paguei a fatura do nubank com a conta do itaú', full)).toMatchObject({
      kind: 'pay_card_bill',
      payment: { card_id: NUBANK.id, from_account_id: ITAU.id },
    })
  })

  it('another bill called fatura is not a card bill', () => {
    expect(understand('paguei a fatura da claro 120', full).kind).toBe('entry')
  })

  it('with two cards and none named it asks which', () => {
    const d = understand(
      'paguei a fatura',
      withAccounts([...FULL, account(7, 'Inter', 'credit_card')]),
    )
    expect(d.kind).toBe('choose_account')
    if (d.kind === 'choose_account') expect(d.question.asks[0]?.slot).toBe('card')
  })

  it('without any card it explains and records nothing', () => {
    expect(understand('paguei a fatura do cartão', withAccounts([MAIN]))).toEqual({
      kind: 'missing_account',
      need: 'credit_card',
      purpose: 'card_bill',
    })
  })

  it.each([
    'fatura do nubank',
    'fatura nubank',
    'quanto está a fatura?',
    'qual o valor da fatura do cartão',
    'fatura',
  ])('%s asks for the bills', (text) => {
    expect(understand(text, full)).toEqual({ kind: 'card_bill_query', card_ids: [NUBANK.id] })
  })
})

describe('saldo', () => {
  it("stays the 'balance' command (the server answers per account)", () => {
    expect(understand('saldo', full)).toEqual({ kind: 'balance' })
  })
})

describe('without accounts in the context nothing changes', () => {
  it.each(['transferi 500 pra poupança', 'gastei 80 no nubank', 'saquei 200'])('%s', (text) => {
    const d = understand(text, { now })
    // Sure or asked (issue 24's confidence: a bare 'saquei 200' is asked), never on an account.
    expect(['entry', 'confirm_entry']).toContain(d.kind)
    expect(accountOf(d)).toBeUndefined()
  })
})

describe('with accounts, what is not an entry is still never recorded nor moved', () => {
  const moves = new Set(['transfer', 'pay_card_bill'])
  for (const [name, set] of [
    ['corpus', CORPUS],
    ['held-out', HELDOUT_11],
    ['held-out b', HELDOUT_11B],
  ] as const) {
    const cases = set.filter((c) => NEVER_RECORDED.has(c.cls))
    it(`${name}: ${cases.length} messages`, () => {
      for (const c of cases) {
        const d = understand(c.text, { now: EVAL_NOW, accounts: FULL })
        const inner = d.kind === 'choose_account' ? d.question.pending : d
        expect(records(inner) || moves.has(inner.kind), `${c.text}: ${JSON.stringify(d)}`).toBe(
          false,
        )
      }
    })
  }
})
