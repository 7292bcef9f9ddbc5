import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monthlyReportSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { monthSummaryFromEntries } from '../ledger/summary.queries.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * Reports over HTTP against a real database: the monthly report's figures (checked against
 * the entries themselves), the plan gates, the CSV read back cell by cell, and the PDF read
 * back with Debian's pdftotext.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type Entry = {
  type: 'income' | 'expense'
  cents: number
  description: string
  category: string
  on: string
}

async function person(plan: string, name = 'Maria da Conceição') {
  const user = await signedInUser(server, { name })
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    plan,
  ])
  return user
}

async function record(userId: string, entries: Entry[]) {
  const db = server.database.pool
  const { ledgerId } = await ledgerForUser(db, { userId })
  for (const e of entries) {
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       values ($1, $2, $3, $4, $5, $6, $7, 'web')`,
      [ledgerId, userId, e.type, e.cents, e.description, e.category, e.on],
    )
  }
  return ledgerId
}

const NOVEMBER: Entry[] = [
  { type: 'income', cents: 500_000, description: 'salário', category: 'salario', on: '2026-11-05' },
  {
    type: 'expense',
    cents: 123_456,
    description: 'jantar de aniversário',
    category: 'alimentacao',
    on: '2026-11-10',
  },
  {
    type: 'expense',
    cents: 4_590,
    description: 'padaria',
    category: 'alimentacao',
    on: '2026-11-10',
  },
  {
    type: 'expense',
    cents: 30_000,
    description: 'mercado do mês',
    category: 'mercado',
    on: '2026-11-30',
  },
  { type: 'expense', cents: 2_350, description: 'uber', category: 'transporte', on: '2026-11-01' },
]
const OCTOBER: Entry[] = [
  { type: 'income', cents: 400_000, description: 'salário', category: 'salario', on: '2026-10-05' },
  {
    type: 'expense',
    cents: 10_000,
    description: 'restaurante',
    category: 'alimentacao',
    on: '2026-10-31',
  },
  { type: 'expense', cents: 9_900, description: 'cinema', category: 'lazer', on: '2026-10-12' },
]

describe('GET /api/v1/reports/monthly', () => {
  it('answers 401 without a session and 403 FEATURE_NOT_IN_PLAN on the free plan', async () => {
    expect((await new TestClient(server).request('/api/v1/reports/monthly')).status).toBe(401)
    const { client } = await person('free')
    const res = await client.request('/api/v1/reports/monthly?month=2026-11')
    expect(res.status).toBe(403)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('FEATURE_NOT_IN_PLAN')
    expect(body.error.message).toContain('Pessoa Física')
  })

  it('gives the month, the month before, categories, every day and the top expenses', async () => {
    const { client, userId } = await person('pf_simples')
    const ledgerId = await record(userId, [...NOVEMBER, ...OCTOBER])
    // Someone else's entries never count.
    const other = await person('pf_simples')
    await record(other.userId, NOVEMBER)

    const res = await client.request('/api/v1/reports/monthly?month=2026-11')
    expect(res.status).toBe(200)
    const report = expectContract(monthlyReportSchema, await res.json())
    expect(report).toMatchObject({
      month: '2026-11',
      income_cents: 500_000,
      expense_cents: 160_396,
      balance_cents: 339_604,
      previous: { income_cents: 400_000, expense_cents: 19_900, balance_cents: 380_100 },
    })
    expect(report.by_category).toEqual([
      {
        category: 'salario',
        type: 'income',
        total_cents: 500_000,
        count: 1,
        previous_cents: 400_000,
      },
      {
        category: 'alimentacao',
        type: 'expense',
        total_cents: 128_046,
        count: 2,
        previous_cents: 10_000,
      },
      { category: 'mercado', type: 'expense', total_cents: 30_000, count: 1, previous_cents: 0 },
      { category: 'transporte', type: 'expense', total_cents: 2_350, count: 1, previous_cents: 0 },
    ])
    // The totals table agrees with the entries themselves.
    const fromEntries = await monthSummaryFromEntries(server.database.pool, {
      ledgerId,
      month: '2026-11',
    })
    expect(fromEntries.map((r) => r.total_cents).sort()).toEqual(
      report.by_category.map((r) => r.total_cents).sort(),
    )
    expect(report.daily).toHaveLength(30)
    expect(report.daily[0]).toEqual({ date: '2026-11-01', income_cents: 0, expense_cents: 2_350 })
    expect(report.daily[9]).toEqual({ date: '2026-11-10', income_cents: 0, expense_cents: 128_046 })
    expect(report.daily[29]).toEqual({ date: '2026-11-30', income_cents: 0, expense_cents: 30_000 })
    expect(report.daily.reduce((n, d) => n + d.expense_cents, 0)).toBe(160_396)
    expect(report.top_expenses.map((t) => t.description)).toEqual([
      'jantar de aniversário',
      'mercado do mês',
      'padaria',
      'uber',
    ])
    expect(report.top_expenses[0]).toMatchObject({
      type: 'expense',
      amount_cents: 123_456,
      category: 'alimentacao',
      occurred_on: '2026-11-10',
      source: 'web',
    })
  })

  it('keeps the daily series equal to the entries through edits, moves and deletes', async () => {
    const { client, userId } = await person('pf_simples')
    const db = server.database.pool
    const ledgerId = await record(userId, NOVEMBER)
    const created = await client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 7_777,
      description: 'farmácia',
      category: 'saude',
      occurred_on: '2026-11-20',
    })
    const { id } = (await created.json()) as { id: number }
    // Move it to another day and category, change its amount, then delete another entry.
    await client.request(`/api/v1/transactions/${id}`, {
      method: 'PATCH',
      json: { occurred_on: '2026-11-21', amount_cents: 8_888, category: 'outros' },
    })
    await db.query(`delete from transactions where ledger_id = $1 and description = 'padaria'`, [
      ledgerId,
    ])
    // A bulk statement touching many days at once.
    await db.query(
      `update transactions set amount_cents = amount_cents + 1
        where ledger_id = $1 and type = 'expense'`,
      [ledgerId],
    )
    const report = expectContract(
      monthlyReportSchema,
      await (await client.request('/api/v1/reports/monthly?month=2026-11')).json(),
    )
    const { rows } = await db.query<{ day: string; income: number; expense: number }>(
      `select d::date::text as day,
              coalesce(sum(t.amount_cents) filter (where t.type = 'income'), 0)::bigint as income,
              coalesce(sum(t.amount_cents) filter (where t.type = 'expense'), 0)::bigint as expense
         from generate_series('2026-11-01'::date, '2026-11-30'::date, interval '1 day') d
         left join transactions t on t.ledger_id = $1 and t.occurred_on = d::date
        group by d order by d`,
      [ledgerId],
    )
    expect(report.daily).toEqual(
      rows.map((r) => ({ date: r.day, income_cents: r.income, expense_cents: r.expense })),
    )
    expect(report.daily.find((d) => d.date === '2026-11-21')?.expense_cents).toBe(8_889)
    expect(report.daily.find((d) => d.date === '2026-11-20')?.expense_cents).toBe(0)
  })

  it('an empty month is zeros with every day listed; a bad month is a 400 in pt-BR', async () => {
    const { client } = await person('pf_simples')
    const res = await client.request('/api/v1/reports/monthly?month=2028-02')
    const report = expectContract(monthlyReportSchema, await res.json())
    expect(report).toMatchObject({ income_cents: 0, expense_cents: 0, by_category: [] })
    expect(report.daily).toHaveLength(29)
    expect(report.top_expenses).toEqual([])
    for (const month of ['2026-13', 'novembro', '2026-1']) {
      const bad = await client.request(`/api/v1/reports/monthly?month=${month}`)
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
        'Mês inválido',
      )
    }
  })
})

/** A ';' CSV with quoted cells, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ';') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

describe('GET /api/v1/transactions.csv', () => {
  it('every plan: UTF-8 with BOM, ; separated, dd/mm/aaaa, 1.234,56, formulas guarded', async () => {
    const { client, userId } = await person('free')
    await record(userId, [
      ...NOVEMBER.slice(0, 2),
      {
        type: 'expense',
        cents: 1_000,
        description: '=HYPERLINK("http://mal.example";"clique")',
        category: 'outros',
        on: '2026-11-11',
      },
      {
        type: 'expense',
        cents: 99,
        description: '+55 11 9999-0000; "pix"',
        category: 'outros',
        on: '2026-11-12',
      },
      { type: 'expense', cents: 1, description: '@SUM(A1)', category: 'outros', on: '2026-11-12' },
      { type: 'expense', cents: 2, description: '-2+3', category: 'outros', on: '2026-11-12' },
    ])
    const res = await client.request('/api/v1/transactions.csv?from=2026-11-01&to=2026-11-30')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('.csv')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.slice(3))
    const rows = parseCsv(text)
    expect(rows[0]).toEqual(['Data', 'Tipo', 'Categoria', 'Descrição', 'Valor', 'Origem', 'Conta'])
    const main = 'Conta principal'
    expect(rows.slice(1)).toEqual([
      ['05/11/2026', 'Receita', 'Salário', 'salário', '5.000,00', 'Web', main],
      ['10/11/2026', 'Despesa', 'Alimentação', 'jantar de aniversário', '1.234,56', 'Web', main],
      [
        '11/11/2026',
        'Despesa',
        'Outros',
        `'=HYPERLINK("http://mal.example";"clique")`,
        '10,00',
        'Web',
        main,
      ],
      ['12/11/2026', 'Despesa', 'Outros', `'+55 11 9999-0000; "pix"`, '0,99', 'Web', main],
      ['12/11/2026', 'Despesa', 'Outros', "'@SUM(A1)", '0,01', 'Web', main],
      ['12/11/2026', 'Despesa', 'Outros', "'-2+3", '0,02', 'Web', main],
    ])
  })

  it('streams a long range in date order, only the range asked, only the caller’s entries', async () => {
    const { client, userId } = await person('pf_simples')
    const db = server.database.pool
    const { ledgerId } = await ledgerForUser(db, { userId })
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       select $1, $2, 'expense', i, 'compra ' || i, 'compras', date '2026-01-01' + (i % 365), 'web'
         from generate_series(1, 6000) as i`,
      [ledgerId, userId],
    )
    const other = await person('free')
    await record(other.userId, NOVEMBER)
    const all = parseCsv((await (await client.request('/api/v1/transactions.csv')).text()).slice(1))
    expect(all).toHaveLength(6001)
    const dates = all.slice(1).map((r) => (r[0] ?? '').split('/').reverse().join('-'))
    expect(dates).toEqual([...dates].sort())
    const march = parseCsv(
      (
        await (
          await client.request('/api/v1/transactions.csv?from=2026-03-01&to=2026-03-31')
        ).text()
      ).slice(1),
    )
    const expected = await db.query<{ n: number }>(
      `select count(*)::int as n from transactions
        where ledger_id = $1 and occurred_on between '2026-03-01' and '2026-03-31'`,
      [ledgerId],
    )
    expect(march).toHaveLength((expected.rows[0]?.n ?? 0) + 1)
    expect(march.slice(1).every((r) => r[0]?.endsWith('/03/2026'))).toBe(true)
  })

  it('names each entry’s account and lists transfers as transfers, in date order', async () => {
    const { client, userId } = await person('free')
    const create = async (body: object) => {
      const res = await client.request('/api/v1/accounts', { method: 'POST', json: body })
      expect(res.status).toBe(201)
      return ((await res.json()) as { id: number }).id
    }
    const card = await create({ name: 'Nubank', kind: 'credit_card', closing_day: 3, due_day: 10 })
    const savings = await create({ name: 'Poupança', kind: 'savings' })
    const accounts = (await (await client.request('/api/v1/accounts')).json()) as {
      data: Array<{ id: number; is_default: boolean }>
    }
    const main = accounts.data.find((a) => a.is_default)?.id
    const entry = await client.request('/api/v1/transactions', {
      method: 'POST',
      json: {
        type: 'expense',
        amount_cents: 8_990,
        description: 'farmácia',
        category: 'saude',
        occurred_on: '2026-11-04',
        account_id: card,
      },
    })
    expect(entry.status).toBe(201)
    await record(userId, [NOVEMBER[0] as Entry])
    const moved = await client.request('/api/v1/transfers', {
      method: 'POST',
      json: {
        from_account_id: main,
        to_account_id: savings,
        amount_cents: 50_000,
        occurred_on: '2026-11-06',
        description: 'guardar',
      },
    })
    expect(moved.status).toBe(201)
    const out = await client.request('/api/v1/transactions.csv?from=2026-11-01&to=2026-11-30')
    const rows = parseCsv((await out.text()).slice(1))
    expect(rows.slice(1)).toEqual([
      ['04/11/2026', 'Despesa', 'Saúde', 'farmácia', '89,90', 'Web', 'Nubank'],
      ['05/11/2026', 'Receita', 'Salário', 'salário', '5.000,00', 'Web', 'Conta principal'],
      ['06/11/2026', 'Transferência', '', 'guardar', '500,00', '', 'Conta principal → Poupança'],
    ])
    // Outside the range asked, the transfer is not there either.
    const october = await client.request('/api/v1/transactions.csv?from=2026-10-01&to=2026-10-31')
    expect(parseCsv((await october.text()).slice(1))).toHaveLength(1)
  })

  it('refuses a reversed or malformed range with a 400 in pt-BR', async () => {
    const { client } = await person('free')
    const reversed = await client.request('/api/v1/transactions.csv?from=2026-11-30&to=2026-11-01')
    expect(reversed.status).toBe(400)
    expect(((await reversed.json()) as { error: { message: string } }).error.message).toBe(
      'A data inicial deve ser anterior à final',
    )
    expect((await client.request('/api/v1/transactions.csv?from=31/11/2026')).status).toBe(400)
    expect((await new TestClient(server).request('/api/v1/transactions.csv')).status).toBe(401)
  })
})

function pdfText(pdf: Uint8Array): { text: string; pages: number } {
  const dir = mkdtempSync(join(tmpdir(), 'equilibrai-pdf-'))
  const file = join(dir, 'extrato.pdf')
  writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  })
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0)
  return { text, pages }
}

describe('GET /api/v1/reports/monthly.pdf', () => {
  it('is for plans with exportação_pdf', async () => {
    const { client } = await person('free')
    const res = await client.request('/api/v1/reports/monthly.pdf?month=2026-11')
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'FEATURE_NOT_IN_PLAN',
    )
  })

  it('is a text-searchable pt-BR A4 statement: name, month, totals, categories, entries', async () => {
    const { client, userId } = await person('pf_simples', 'João Ávila Conceição')
    await record(userId, [...NOVEMBER, ...OCTOBER])
    const res = await client.request('/api/v1/reports/monthly.pdf?month=2026-11')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="equilibrai-2026-11.pdf"',
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const { text, pages } = pdfText(bytes)
    expect(pages).toBe(1)
    expect(text).toContain('João Ávila Conceição')
    expect(text).toContain('Extrato de novembro de 2026')
    expect(text).toMatch(/Receitas\s+R\$ 5\.000,00\s+R\$ 4\.000,00/)
    expect(text).toMatch(/Despesas\s+R\$ 1\.603,96\s+R\$ 199,00/)
    expect(text).toMatch(/Alimentação\s+Despesa\s+2\s+R\$ 1\.280,46\s+79,8%/)
    expect(text).toMatch(
      /10\/11\/2026\s+jantar de aniversário\s+Alimentação\s+Despesa\s+-R\$ 1\.234,56/,
    )
    expect(text).toContain('R$ 1.234,56')
    expect(text).not.toContain('cinema') // October's
  })

  it('runs the entries table across pages', async () => {
    const { client, userId } = await person('pf_simples')
    const db = server.database.pool
    const { ledgerId } = await ledgerForUser(db, { userId })
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       select $1, $2, 'expense', 100 * i, 'refeição nº ' || i, 'alimentacao',
              date '2026-11-01' + (i % 30), 'web'
         from generate_series(1, 300) as i`,
      [ledgerId, userId],
    )
    const res = await client.request('/api/v1/reports/monthly.pdf?month=2026-11')
    const { text, pages } = pdfText(new Uint8Array(await res.arrayBuffer()))
    expect(pages).toBeGreaterThanOrEqual(5)
    for (const i of [1, 150, 300]) expect(text).toContain(`refeição nº ${i} `)
    expect(text).toContain(`página ${pages} de ${pages}`)
  })
})
