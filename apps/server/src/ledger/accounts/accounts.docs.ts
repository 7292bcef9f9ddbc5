import {
  accountCreateSchema,
  accountExample,
  accountListExample,
  accountListSchema,
  accountPatchSchema,
  accountSchema,
  cardAccountExample,
  invoiceListExample,
  invoiceListSchema,
  invoicePaySchema,
  transferExample,
  transferSchema,
} from '@equilibrai/shared'
import { apiDoc } from '../../platform/index.ts'

const tag = 'Contas e cartões'
const id = { id: 'Id da conta' }

/** OpenAPI for /api/v1/accounts and the card bills, from the schemas the handlers validate with. */
export const accountDocs = {
  list: apiDoc({
    tag,
    summary: 'Lista as contas e cartões com saldo',
    description:
      'Saldo = inicial + receitas − despesas + transferências recebidas − enviadas, com data até hoje (São Paulo). Num cartão, o saldo é menos o que se deve; a soma dos saldos é o patrimônio líquido. Arquivadas vêm por último, com `archived: true`.',
    response: { schema: accountListSchema, example: accountListExample },
  }),
  create: apiDoc({
    tag,
    summary: 'Cria uma conta ou cartão',
    description:
      'Cartões (`credit_card`) precisam de `closing_day` e `due_day` (1–31); `limit_cents` e `last_digits` (4 números) são opcionais e só valem para cartões. Nomes são únicos (sem diferenciar maiúsculas): 409 ACCOUNT_NAME_TAKEN.',
    body: accountCreateSchema,
    bodyExample: {
      name: 'Nubank',
      kind: 'credit_card',
      closing_day: 3,
      due_day: 10,
      limit_cents: 500000,
      last_digits: '1234',
    },
    errors: [409, 422],
    response: {
      status: 201,
      schema: accountSchema,
      example: { ...cardAccountExample, balance_cents: 0 },
    },
  }),
  update: apiDoc({
    tag,
    summary: 'Altera, arquiva ou torna principal uma conta',
    description:
      'Renomeia, muda dias, limite e final do cartão, o saldo inicial, arquiva (`archived`) ou torna principal (`is_default: true`; a anterior deixa de ser). A conta principal não pode ser arquivada (409 DEFAULT_ACCOUNT).',
    params: id,
    body: accountPatchSchema,
    bodyExample: { name: 'Itaú' },
    errors: [404, 409],
    response: { schema: accountSchema, example: { ...accountExample, name: 'Itaú' } },
  }),
  remove: apiDoc({
    tag,
    summary: 'Apaga uma conta sem movimento',
    description:
      'Só quando nenhum lançamento ou transferência usa a conta (senão 409 ACCOUNT_IN_USE: arquive-a). A conta principal nunca (409 DEFAULT_ACCOUNT).',
    params: id,
    errors: [404, 409],
    response: { status: 204, description: 'Apagada' },
  }),
  invoices: apiDoc({
    tag,
    summary: 'Faturas de um cartão',
    description:
      'Da mais nova para a mais antiga, toda fatura com lançamentos (as futuras também, de parcelas). A fatura que fecha no dia de fechamento C de um mês tem os lançamentos depois do fechamento anterior até C (C além do fim do mês: o último dia); vence no primeiro dia de vencimento depois de C; `month` é o mês do vencimento. `open` até o fechamento, depois `closed`, ou `paid` quando os pagamentos (transferências para o cartão, alocadas da fatura mais antiga para a mais nova) cobrem o total. 422 NOT_A_CARD para contas que não são cartão.',
    params: id,
    errors: [404, 422],
    response: { schema: invoiceListSchema, example: invoiceListExample },
  }),
  pay: apiDoc({
    tag,
    summary: 'Paga uma fatura do cartão',
    description:
      'Uma transferência de `from_account_id` para o cartão, com data de hoje, de `amount_cents` ou, sem ele, do que falta pagar da fatura (422 INVOICE_PAID quando nada falta). Não conta como despesa: as compras já contaram.',
    params: {
      ...id,
      month: {
        description: 'A fatura: mês do vencimento, AAAA-MM',
        pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
        example: '2026-11',
      },
    },
    body: invoicePaySchema,
    bodyExample: { from_account_id: 7 },
    errors: [404, 422],
    response: {
      status: 201,
      schema: transferSchema,
      example: {
        ...transferExample,
        to_account_id: 8,
        amount_cents: 125000,
        description: 'Pagamento da fatura Nubank 11/2026',
      },
    },
  }),
}
