import { z } from 'zod'
import { INVOICE_STATUSES } from '../card-bills.ts'
import { isoDateSchema } from '../transactions.ts'
import { cents, day, spMonth } from './fields.ts'

/*
 * Accounts, credit cards and transfers (ARCHITECTURE §9): what /api/v1/accounts,
 * /api/v1/transfers and the card bills answer, and the bodies they take, with the pt-BR
 * messages written once for the server, the web forms and the assistant.
 */

export const ACCOUNT_KINDS = ['checking', 'savings', 'cash', 'investment', 'credit_card'] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  cash: 'Dinheiro',
  investment: 'Investimento',
  credit_card: 'Cartão de crédito',
}

/** The account every ledger starts with; entries without an account go to it. */
export const DEFAULT_ACCOUNT_NAME = 'Conta principal'
export const MAX_ACCOUNT_NAME_LENGTH = 60
/** Accounts a ledger may hold (archived ones count). */
export const MAX_ACCOUNTS = 50
/** R$ 1.000.000.000,00: a balance, limit or transfer beyond it is a typo. */
export const MAX_ACCOUNT_CENTS = 100_000_000_000

export const SAME_ACCOUNT_MESSAGE = 'A conta de origem e a de destino precisam ser diferentes.'
export const CARD_DAYS_REQUIRED_MESSAGE =
  'Informe o dia de fechamento e o dia de vencimento do cartão.'
export const CARD_ONLY_FIELDS_MESSAGE =
  'Só cartões de crédito têm fechamento, vencimento, limite e final.'

export const accountKindSchema = z.enum(ACCOUNT_KINDS, { error: 'Tipo de conta inválido' })

const accountName = z
  .string({ error: 'Nome da conta é obrigatório' })
  .trim()
  .min(1, 'Nome da conta é obrigatório')
  .max(
    MAX_ACCOUNT_NAME_LENGTH,
    `Nome da conta deve ter no máximo ${MAX_ACCOUNT_NAME_LENGTH} caracteres`,
  )

const cardDay = (what: string) =>
  z
    .number({ error: `Dia de ${what} inválido` })
    .int(`Dia de ${what} inválido`)
    .min(1, `Dia de ${what} deve ser entre 1 e 31`)
    .max(31, `Dia de ${what} deve ser entre 1 e 31`)

const openingBalance = z
  .number({ error: 'Saldo inicial inválido' })
  .int('Saldo inicial deve ser em centavos')
  .min(-MAX_ACCOUNT_CENTS, 'Saldo inicial fora do limite')
  .max(MAX_ACCOUNT_CENTS, 'Saldo inicial fora do limite')

const limitCents = z
  .number({ error: 'Limite inválido' })
  .int('Limite deve ser em centavos')
  .min(0, 'Limite não pode ser negativo')
  .max(MAX_ACCOUNT_CENTS, 'Limite fora do permitido')

const lastDigits = z
  .string({ error: 'O final do cartão deve ter 4 números' })
  .regex(/^[0-9]{4}$/, 'O final do cartão deve ter 4 números')

const accountId = (what: string) =>
  z
    .number({ error: `Informe a conta de ${what}` })
    .int(`Conta de ${what} inválida`)
    .positive(`Conta de ${what} inválida`)

/** An account's card fields after a create or a merged patch: null when they agree with kind. */
export function accountCardFieldsProblem(account: {
  kind: AccountKind
  closing_day?: number | null
  due_day?: number | null
  limit_cents?: number | null
  last_digits?: string | null
}): string | null {
  const isCard = account.kind === 'credit_card'
  if (isCard && (account.closing_day == null || account.due_day == null)) {
    return CARD_DAYS_REQUIRED_MESSAGE
  }
  const cardFields = [
    account.closing_day,
    account.due_day,
    account.limit_cents,
    account.last_digits,
  ]
  if (!isCard && cardFields.some((v) => v != null)) return CARD_ONLY_FIELDS_MESSAGE
  return null
}

/** POST /api/v1/accounts. */
export const accountCreateSchema = z
  .object({
    name: accountName,
    kind: accountKindSchema,
    opening_balance_cents: openingBalance.optional(),
    closing_day: cardDay('fechamento').optional(),
    due_day: cardDay('vencimento').optional(),
    limit_cents: limitCents.optional(),
    last_digits: lastDigits.optional(),
  })
  .superRefine((v, ctx) => {
    const problem = accountCardFieldsProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['kind'] })
  })
export type AccountCreate = z.infer<typeof accountCreateSchema>

/**
 * PATCH /api/v1/accounts/:id: rename, change the card's days, limit and final, the opening
 * balance, archive or bring back, make it the default (`is_default: true`). The kind does not
 * change. Card fields are checked against the stored kind by the server (accountCardFieldsProblem).
 */
export const accountPatchSchema = z
  .object({
    name: accountName.optional(),
    opening_balance_cents: openingBalance.optional(),
    closing_day: cardDay('fechamento').optional(),
    due_day: cardDay('vencimento').optional(),
    limit_cents: limitCents.nullable().optional(),
    last_digits: lastDigits.nullable().optional(),
    archived: z.boolean({ error: 'Arquivada deve ser verdadeiro ou falso' }).optional(),
    is_default: z
      .literal(true, { error: 'Para trocar a conta principal, marque outra como principal' })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nada para alterar')
export type AccountPatch = z.infer<typeof accountPatchSchema>

const account = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  balance_cents: cents(152030).meta({
    description:
      'Saldo inicial + receitas − despesas + transferências recebidas − enviadas, até hoje. Num cartão, menos o que se deve.',
  }),
  opening_balance_cents: cents(0),
  is_default: z.boolean(),
  archived: z.boolean(),
  closing_day: z.number().int().nullable().meta({ description: 'Só cartões: dia de fechamento' }),
  due_day: z.number().int().nullable().meta({ description: 'Só cartões: dia de vencimento' }),
  limit_cents: cents(500000).nullable().meta({ description: 'Só cartões: limite' }),
  last_digits: z.string().nullable().meta({ description: 'Só cartões: os 4 últimos dígitos' }),
})
/** An account as the API returns it. */
export type Account = z.infer<typeof account>

export const accountExample: Account = {
  id: 7,
  name: 'Conta principal',
  kind: 'checking',
  balance_cents: 152030,
  opening_balance_cents: 0,
  is_default: true,
  archived: false,
  closing_day: null,
  due_day: null,
  limit_cents: null,
  last_digits: null,
}

export const cardAccountExample: Account = {
  id: 8,
  name: 'Nubank',
  kind: 'credit_card',
  balance_cents: -125000,
  opening_balance_cents: 0,
  is_default: false,
  archived: false,
  closing_day: 3,
  due_day: 10,
  limit_cents: 500000,
  last_digits: '1234',
}

export const accountSchema = account.meta({ id: 'Account', example: accountExample })

export const accountListSchema = z.object({ data: z.array(accountSchema) }).meta({
  id: 'AccountList',
})
export type AccountList = z.infer<typeof accountListSchema>
export const accountListExample: AccountList = { data: [accountExample, cardAccountExample] }

/** POST /api/v1/transfers. */
export const transferInputSchema = z
  .object({
    from_account_id: accountId('origem'),
    to_account_id: accountId('destino'),
    amount_cents: z
      .number({ error: 'Valor inválido' })
      .int('Valor deve ser em centavos')
      .positive('Valor deve ser maior que zero')
      .max(MAX_ACCOUNT_CENTS, 'Valor máximo por transferência é R$ 1.000.000.000,00'),
    occurred_on: isoDateSchema,
    description: z
      .string({ error: 'Descrição inválida' })
      .trim()
      .min(1, 'Descrição inválida')
      .max(200, 'Descrição deve ter no máximo 200 caracteres')
      .optional(),
  })
  .refine((v) => v.from_account_id !== v.to_account_id, {
    message: SAME_ACCOUNT_MESSAGE,
    path: ['to_account_id'],
  })
export type TransferInput = z.infer<typeof transferInputSchema>

const idFilter = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Conta inválida')
  .transform(Number)

/** GET /api/v1/transfers query string. */
export const transferListQuerySchema = z
  .object({
    account_id: idFilter.optional().meta({ description: 'Só as transferências desta conta' }),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'Período inválido',
    path: ['from'],
  })

const transfer = z.object({
  id: z.number().int(),
  from_account_id: z.number().int(),
  to_account_id: z.number().int(),
  amount_cents: cents(50000),
  occurred_on: day('2026-11-10'),
  description: z.string(),
})
/** A transfer between two accounts of a ledger: never income nor expense. */
export type Transfer = z.infer<typeof transfer>

export const transferExample: Transfer = {
  id: 91,
  from_account_id: 7,
  to_account_id: 9,
  amount_cents: 50000,
  occurred_on: '2026-11-10',
  description: 'Transferência',
}

export const transferSchema = transfer.meta({ id: 'Transfer', example: transferExample })
export const transferListSchema = z.object({ data: z.array(transferSchema) }).meta({
  id: 'TransferList',
})
export type TransferList = z.infer<typeof transferListSchema>
export const transferListExample: TransferList = { data: [transferExample] }

const invoice = z.object({
  month: spMonth.meta({ description: 'O mês do vencimento (AAAA-MM): o nome da fatura' }),
  closes_on: day('2026-11-03'),
  due_on: day('2026-11-10'),
  total_cents: cents(125000).meta({ description: 'Despesas − receitas (estornos) no período' }),
  paid_cents: cents(0).meta({ description: 'Pagamentos alocados a esta fatura' }),
  status: z.enum(INVOICE_STATUSES),
})
/** A card bill. */
export type Invoice = z.infer<typeof invoice>

export const invoiceExample: Invoice = {
  month: '2026-11',
  closes_on: '2026-11-03',
  due_on: '2026-11-10',
  total_cents: 125000,
  paid_cents: 0,
  status: 'closed',
}

export const invoiceSchema = invoice.meta({ id: 'Invoice', example: invoiceExample })
export const invoiceListSchema = z.object({ data: z.array(invoiceSchema) }).meta({
  id: 'InvoiceList',
})
export type InvoiceList = z.infer<typeof invoiceListSchema>
export const invoiceListExample: InvoiceList = { data: [invoiceExample] }

/** POST /api/v1/accounts/:id/invoices/:month/pay. */
export const invoicePaySchema = z.object({
  from_account_id: accountId('origem'),
  amount_cents: z
    .number({ error: 'Valor inválido' })
    .int('Valor deve ser em centavos')
    .positive('Valor deve ser maior que zero')
    .max(MAX_ACCOUNT_CENTS, 'Valor máximo por transferência é R$ 1.000.000.000,00')
    .optional()
    .meta({ description: 'Sem ele, o que falta pagar da fatura' }),
})
export type InvoicePay = z.infer<typeof invoicePaySchema>
