import {
  type ImportDetail,
  type ImportSummary,
  importCommitSchema,
  importDetailSchema,
  importItemSchema,
  importItemsQuerySchema,
  importSummarySchema,
} from '@equilibrai/shared'
import { apiDoc } from '../../platform/index.ts'

const tag = 'Importação de extratos'
const id = { id: 'Id da importação' }
const paid = 'Só nos planos pagos (preço acima de zero): no Gratuito, 403 FEATURE_NOT_IN_PLAN.'

const summaryExample: ImportSummary = {
  id: 7,
  status: 'preview',
  format: 'ofx',
  account_id: 1,
  rows: 3,
  new: 2,
  duplicates: 0,
  matched: 1,
  review: 1,
  period: { from: '2024-03-01', to: '2024-03-31' },
}
const itemExample: ImportDetail['items'][number] = {
  ord: 1,
  date: '2024-03-10',
  description: 'DROGASIL 123',
  amount_cents: 8990,
  type: 'expense',
  category: 'saude',
  state: 'matched',
  transaction_id: 42,
  review: true,
}

/** OpenAPI for /api/v1/imports (ARCHITECTURE §10). */
export const importDocs = {
  create: apiDoc({
    tag,
    summary: 'Lê um extrato (OFX ou CSV) e mostra a prévia',
    description: `Corpo multipart/form-data: \`file\` (até 10 MB; maior → 413), \`account_id\` (opcional: a conta padrão) e \`mapping\` (JSON com as colunas de um CSV de outro banco; lembrado por conta). Nada é lançado até o commit. Arquivo vazio → 400, binário → 415, ilegível → 422 (CSV desconhecido sem mapeamento: 422 MAPPING_REQUIRED). ${paid}`,
    post: true,
    errors: [404, 413, 415, 422],
    response: { status: 201, schema: importSummarySchema, example: summaryExample },
  }),
  get: apiDoc({
    tag,
    summary: 'Uma importação com as linhas',
    description: `Estado de cada linha: \`new\`, \`duplicate\` (já importada nesta conta) ou \`matched\` (um lançamento já feito); \`review\` marca as ligações a conferir. Sem \`limit\`, todas as linhas (e \`next_cursor\` null). Com \`limit\` (até 1000), uma página na ordem do arquivo: passe o \`next_cursor\` recebido em \`cursor\` para a seguinte (null na última). \`review=true\`: só as linhas a conferir. ${paid}`,
    params: id,
    query: importItemsQuerySchema,
    errors: [400, 404],
    response: {
      schema: importDetailSchema,
      example: { ...summaryExample, items: [itemExample], next_cursor: null },
    },
  }),
  commit: apiDoc({
    tag,
    summary: 'Importa: lança as linhas novas e liga as já lançadas',
    description: `Idempotente: repetir devolve o mesmo resultado e não lança nada. Os lançamentos contam no limite mensal como qualquer outro. ${paid}`,
    params: id,
    post: true,
    errors: [404],
    response: { schema: importCommitSchema, example: { recorded: 2, linked: 1 } },
  }),
  unmatch: apiDoc({
    tag,
    summary: 'Desfaz uma ligação errada',
    description: `A linha \`ord\` deixa de ser o lançamento já feito: antes do commit volta a \`new\`; depois, vira um lançamento próprio e o lançamento digitado deixa de constar como visto no banco. ${paid}`,
    params: { ...id, ord: 'Número da linha no arquivo' },
    post: true,
    errors: [404, 409],
    response: {
      schema: importItemSchema,
      example: { ...itemExample, state: 'new', review: false },
    },
  }),
}
