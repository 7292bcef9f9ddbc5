import {
  categorySchema,
  entryTypeSchema,
  monthlyReportQuerySchema,
  transactionsCsvQuerySchema,
} from '@equilibrai/shared'
import { z } from 'zod'
import { apiDoc } from '../platform/index.ts'
import { transactionDoc, transactionExample } from '../platform/index.ts'

/** OpenAPI for the reports and the CSV export, from the schemas the handlers validate with. */

const cents = z.number().int().meta({ description: 'Centavos', example: 4590 })
const totals = { income_cents: cents, expense_cents: cents, balance_cents: cents }

const monthlyReportDoc = z
  .object({
    month: z.string().meta({ example: '2026-11', description: 'AAAA-MM (São Paulo)' }),
    ...totals,
    previous: z.object(totals).meta({ description: 'Os mesmos totais no mês anterior' }),
    by_category: z.array(
      z.object({
        category: categorySchema,
        type: entryTypeSchema,
        total_cents: cents,
        count: z.number().int(),
        previous_cents: cents.meta({ description: 'Total da categoria no mês anterior' }),
      }),
    ),
    daily: z
      .array(
        z.object({
          date: z.string().meta({ format: 'date' }),
          income_cents: cents,
          expense_cents: cents,
        }),
      )
      .meta({ description: 'Todos os dias do mês, em ordem (dias sem lançamentos com zero)' }),
    top_expenses: z
      .array(transactionDoc)
      .meta({ description: 'As 10 maiores despesas do mês, da maior para a menor' }),
  })
  .meta({ id: 'MonthlyReport' })

const tag = 'Relatórios'

export const reportDocs = {
  monthly: apiDoc({
    tag,
    summary: 'Relatório do mês',
    description:
      'Totais do mês e do mês anterior, por categoria, dia a dia e as maiores despesas. Sem `month`, o mês atual (São Paulo).',
    query: monthlyReportQuerySchema,
    feature: 'relatórios_básicos',
    response: {
      schema: monthlyReportDoc,
      example: {
        month: '2026-11',
        income_cents: 300000,
        expense_cents: 4590,
        balance_cents: 295410,
        previous: { income_cents: 280000, expense_cents: 3200, balance_cents: 276800 },
        by_category: [
          {
            category: 'mercado',
            type: 'expense',
            total_cents: 4590,
            count: 1,
            previous_cents: 3200,
          },
        ],
        daily: [{ date: '2026-11-01', income_cents: 0, expense_cents: 4590 }],
        top_expenses: [{ ...transactionExample, source: 'whatsapp' }],
      },
    },
  }),
  monthlyPdf: apiDoc({
    tag,
    summary: 'Extrato do mês em PDF',
    description:
      'PDF A4 em português, com texto pesquisável: totais, categorias com participação e os lançamentos. Baixado como `equilibrai-AAAA-MM.pdf`.',
    query: monthlyReportQuerySchema,
    feature: 'exportação_pdf',
    response: { mediaType: 'application/pdf', example: '%PDF-1.7 …' },
  }),
  csv: apiDoc({
    tag,
    summary: 'Lançamentos em CSV',
    description:
      "Para planilhas no Brasil: UTF-8 com BOM, separado por `;`, datas `dd/mm/aaaa`, valores `1.234,56`. Do mais antigo para o mais novo, entre `from` e `to` (inclusive). Células de texto que começam com `=`, `+`, `-`, `@`, tab ou CR recebem um `'` na frente.",
    query: transactionsCsvQuerySchema,
    response: {
      mediaType: 'text/csv',
      example:
        '\uFEFFData;Tipo;Categoria;Descrição;Valor;Origem\r\n10/11/2026;Despesa;Mercado;Mercado do mês;45,90;API\r\n',
    },
  }),
}
