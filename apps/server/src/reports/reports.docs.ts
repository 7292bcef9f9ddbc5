import {
  monthlyReportExample,
  monthlyReportQuerySchema,
  monthlyReportSchema,
  transactionsCsvQuerySchema,
} from '@equilibrai/shared'
import { apiDoc } from '../platform/index.ts'

/** OpenAPI for the reports and the CSV export, from the schemas the handlers validate with. */

const tag = 'Relatórios'

export const reportDocs = {
  monthly: apiDoc({
    tag,
    summary: 'Relatório do mês',
    description:
      'Totais do mês e do mês anterior, por categoria, dia a dia e as maiores despesas. Sem `month`, o mês atual (São Paulo).',
    query: monthlyReportQuerySchema,
    feature: 'relatórios_básicos',
    response: { schema: monthlyReportSchema, example: monthlyReportExample },
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
