import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseDate, parseSignedCents } from './amounts.ts'
import { parseStatement } from './parse-statement.ts'

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
const bytes = (text: string) => new TextEncoder().encode(text)
const statusOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { status?: number; code?: string }) => `${e.status} ${e.code}`,
  )

describe('statement files', () => {
  it('reads OFX 1.02 (SGML, windows-1252): accents, &amp;, the same FITID on a purchase and its IOF', async () => {
    const s = await parseStatement(fixture('itau-102-cp1252.ofx'))
    expect(s.format).toBe('ofx')
    expect(s.period).toEqual({ from: '2024-03-01', to: '2024-03-31' })
    expect(s.rows).toEqual([
      {
        date: '2024-03-10',
        description: 'COMPRA INTERNACIONAL Lojas Américas & Cia',
        amount_cents: 15000,
        type: 'expense',
        fitid: '202403100001',
      },
      {
        date: '2024-03-10',
        description: 'IOF COMPRA INTERNACIONAL',
        amount_cents: 638,
        type: 'expense',
        fitid: '202403100001',
      },
      {
        date: '2024-03-31',
        description: 'SALÁRIO EMPRESA JOÃO',
        amount_cents: 250000,
        type: 'income',
        fitid: '202403310002',
      },
    ])
  })

  it('reads OFX 2.x (XML, UTF-8) and never shifts a date (23:00 at -3 stays that day)', async () => {
    const s = await parseStatement(fixture('extrato-2x.ofx'))
    expect(s.rows.map((r) => [r.date, r.description, r.amount_cents, r.type])).toEqual([
      ['2024-03-01', 'Pão & Leite Padaria Açaí', 2500, 'expense'],
      ['2024-03-31', 'Salario', 300000, 'income'],
    ])
  })

  it("reads Nubank's account CSV: a bill payment is a transfer, quoted commas kept", async () => {
    const s = await parseStatement(fixture('nubank-conta.csv'))
    expect(s.format).toBe('nubank')
    expect(s.rows.map((r) => [r.date, r.amount_cents, r.type, r.fitid])).toEqual([
      ['2024-03-01', 8990, 'expense', '65e1a2b3-0001'],
      ['2024-03-02', 150000, 'income', '65e1a2b3-0002'],
      ['2024-03-05', 120050, 'transfer', '65e1a2b3-0003'],
      ['2024-03-31', 4500, 'expense', '65e1a2b3-0004'],
    ])
    expect(s.rows[3]?.description).toBe('Compra no débito - Padaria Pão, Café & Cia')
  })

  it("reads Nubank's card CSV: purchases are expenses, a refund income, the bill payment a transfer, an installment its own amount", async () => {
    const s = await parseStatement(fixture('nubank-cartao.csv'))
    expect(s.rows.map((r) => [r.description, r.amount_cents, r.type])).toEqual([
      ['Uber *Trip', 2345, 'expense'],
      ['Amazon - Parcela 1/3', 10000, 'expense'],
      ['Estorno - Netflix', 3990, 'income'],
      ['Pagamento recebido', 50000, 'transfer'],
    ])
  })

  it("reads Inter's CSV (windows-1252, ';', preamble with the period)", async () => {
    const s = await parseStatement(fixture('inter-cp1252.csv'))
    expect(s.format).toBe('inter')
    expect(s.period).toEqual({ from: '2024-03-01', to: '2024-03-31' })
    expect(s.rows.map((r) => [r.date, r.description, r.amount_cents, r.type])).toEqual([
      ['2024-03-01', 'Pix enviado - José Conceição', 105000, 'expense'],
      ['2024-03-02', 'Pix recebido - Empresa Ação Ltda', 200000, 'income'],
      ['2024-03-03', 'Pagamento efetuado - Pagamento fatura cartão Inter', 30000, 'transfer'],
    ])
  })

  it('asks for a column mapping for another CSV, then reads debit/credit columns with a decimal comma', async () => {
    expect(await statusOf(parseStatement(fixture('outro-banco.csv')))).toBe('422 MAPPING_REQUIRED')
    const s = await parseStatement(fixture('outro-banco.csv'), {
      date: 'Dt',
      description: 'Histórico',
      debit: 'Débito',
      credit: 'Crédito',
      decimal: 'comma',
      date_format: 'DD/MM/YYYY',
    })
    expect(s.format).toBe('csv')
    expect(s.rows.map((r) => [r.date, r.description, r.amount_cents, r.type])).toEqual([
      ['2024-03-15', 'Supermercado Extra', 25075, 'expense'],
      ['2024-03-16', 'Salário ACME', 543210, 'income'],
    ])
  })

  it('refuses empty, binary, garbage and truncated files with 4xx errors', async () => {
    expect(await statusOf(parseStatement(new Uint8Array()))).toBe('400 EMPTY_FILE')
    expect(await statusOf(parseStatement(bytes('   \n  ')))).toBe('400 EMPTY_FILE')
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    expect(await statusOf(parseStatement(png))).toBe('415 UNSUPPORTED_FILE')
    expect(await statusOf(parseStatement(bytes('isto não é um extrato')))).toBe(
      '422 STATEMENT_UNREADABLE',
    )
    const ofx = new TextDecoder().decode(fixture('extrato-2x.ofx'))
    expect(await statusOf(parseStatement(bytes(ofx.slice(0, ofx.length / 2))))).toBe(
      '422 STATEMENT_UNREADABLE',
    )
    expect(
      await statusOf(
        parseStatement(bytes('Data,Valor,Identificador,Descrição\n32/13/2024,x,1,a\n')),
      ),
    ).toBe('422 STATEMENT_UNREADABLE')
  })

  it('reads amounts and dates as written', () => {
    expect(parseSignedCents('-1.234,56')).toBe(-123456)
    expect(parseSignedCents('1,234.56')).toBe(123456)
    expect(parseSignedCents('R$ 10,5')).toBe(1050)
    expect(parseSignedCents('(10,00)')).toBe(-1000)
    expect(parseSignedCents('abc')).toBeNull()
    expect(parseDate('31/02/2024', 'DD/MM/YYYY')).toBeNull()
    expect(parseDate('29/02/24', 'DD/MM/YY')).toBe('2024-02-29')
    expect(parseDate('03/15/2024', 'MM/DD/YYYY')).toBe('2024-03-15')
  })
})
