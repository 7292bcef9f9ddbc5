import { type Account, type Item, PluggyClient, type Transaction } from 'pluggy-sdk'
import {
  type Aggregator,
  AggregatorError,
  type RemoteAccount,
  type RemoteConnector,
  type RemoteItem,
  type RemoteTransaction,
} from './aggregator.ts'

export const PLUGGY_API = 'https://api.pluggy.ai'

/**
 * pluggy-sdk reads its base URL from process.env.PLUGGY_API_URL when constructed and ignores a
 * `baseUrl` option (ARCHITECTURE §11); this subclass sets it after construction instead, so the
 * process environment stays untouched and two clients may point at two places.
 */
class PointedPluggyClient extends PluggyClient {
  constructor(clientId: string, clientSecret: string, baseUrl: string) {
    super({ clientId, clientSecret })
    this.baseUrl = baseUrl.replace(/\/$/, '')
  }
}

const cents = (n: number | null | undefined) => Math.round((n ?? 0) * 100)

/** The date part of the aggregator's timestamp (the SDK turns `…Z` strings into Dates). */
export function calendarDay(value: Date | string | null | undefined): string | null {
  if (value == null) return null
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null
}

const dayOf = (value: Date | string | null | undefined) => {
  const d = calendarDay(value)
  return d ? Number(d.slice(8, 10)) : null
}
const iso = (v: Date | string | null | undefined) =>
  v instanceof Date ? v.toISOString() : (v ?? null)

/** The SDK rejects with the response body (`{code, message}`) or a network error. */
function toError(error: unknown): AggregatorError {
  if (error instanceof AggregatorError) return error
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
    const message = 'message' in error ? String(error.message) : 'erro do agregador'
    return new AggregatorError(error.code, message)
  }
  return new AggregatorError(null, error instanceof Error ? error.message : String(error))
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw toError(error)
  }
}

function toItem(item: Item): RemoteItem {
  return {
    id: item.id,
    connectorId: item.connector.id,
    institution: item.connector.name,
    status: item.status,
    executionStatus: String(item.executionStatus),
    errorCode: item.error?.code ? String(item.error.code) : null,
    mfaLabel: item.status === 'WAITING_USER_INPUT' ? (item.parameter?.label ?? 'Código') : null,
    consentExpiresAt: iso(item.consentExpiresAt),
  }
}

function lastDigits(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '')
  return digits.length >= 4 ? digits.slice(-4) : null
}

function toAccount(a: Account): RemoteAccount {
  const credit = a.type === 'CREDIT' ? a.creditData : null
  return {
    id: a.id,
    type: a.type,
    subtype: a.subtype,
    name: (a.marketingName || a.name || 'Conta do banco').slice(0, 60),
    balanceCents: cents(a.balance),
    lastDigits: a.type === 'CREDIT' ? lastDigits(a.number) : null,
    card:
      a.type === 'CREDIT'
        ? {
            closingDay: dayOf(credit?.balanceCloseDate),
            dueDay: dayOf(credit?.balanceDueDate),
            limitCents: credit?.creditLimit == null ? null : cents(credit.creditLimit),
          }
        : null,
  }
}

/** Pluggy's category for a card-bill payment ('Credit card payment', id 05100000). */
const BILL_PAYMENT_CATEGORY = /^0510/

function toTransaction(t: Transaction): RemoteTransaction {
  return {
    id: t.id,
    accountId: t.accountId,
    date: calendarDay(t.date) ?? '1970-01-01',
    description: t.description || t.descriptionRaw || 'Sem descrição',
    amountCents: Math.abs(cents(t.amount)),
    direction: t.type === 'CREDIT' ? 'CREDIT' : 'DEBIT',
    posted: (t.status ?? 'POSTED') === 'POSTED',
    billPayment:
      BILL_PAYMENT_CATEGORY.test(t.categoryId ?? '') ||
      /credit card payment/i.test(t.category ?? ''),
    createdAt: iso(t.createdAt) ?? new Date(0).toISOString(),
  }
}

export function pluggyAggregator(p: {
  clientId: string
  clientSecret: string
  baseUrl: string
  acceptsCredentials: boolean
}): Aggregator {
  const client = new PointedPluggyClient(p.clientId, p.clientSecret, p.baseUrl)
  return {
    acceptsCredentials: p.acceptsCredentials,
    connectors: () =>
      call(async () => {
        const page = await client.fetchConnectors({ sandbox: p.acceptsCredentials })
        return page.results.map(
          (c): RemoteConnector => ({
            id: c.id,
            name: c.name,
            credentials: c.credentials.map((x) => ({
              name: x.name,
              label: x.label,
              type: x.type === 'password' || x.type === 'number' ? x.type : 'text',
            })),
            sandbox: Boolean(c.isSandbox),
          }),
        )
      }),
    connectToken: ({ itemId, webhookUrl, clientUserId }) =>
      call(async () => {
        const { accessToken } = await client.createConnectToken(itemId, {
          webhookUrl,
          clientUserId,
        })
        return accessToken
      }),
    createItem: ({ connectorId, credentials, webhookUrl, clientUserId }) =>
      call(async () =>
        toItem(await client.createItem(connectorId, credentials, { webhookUrl, clientUserId })),
      ),
    item: (id) => call(async () => toItem(await client.fetchItem(id))),
    refreshItem: (id, webhookUrl) =>
      call(async () => toItem(await client.updateItem(id, undefined, { webhookUrl }))),
    updateCredentials: (id, credentials, webhookUrl) =>
      call(async () => toItem(await client.updateItem(id, credentials, { webhookUrl }))),
    sendMfa: (id, _label, code) =>
      call(async () => toItem(await client.updateItemMFA(id, { token: code }))),
    deleteItem: (id) => call(() => client.deleteItem(id)),
    accounts: (itemId) =>
      call(async () => (await client.fetchAccounts(itemId)).results.map(toAccount)),
    transactions: (accountId, q) =>
      call(async () => {
        const page = await client.fetchTransactions(accountId, {
          page: q.page,
          pageSize: q.pageSize,
          ...(q.from ? { from: q.from } : {}),
          ...(q.createdAtFrom ? { createdAtFrom: q.createdAtFrom } : {}),
          ...(q.ids ? { ids: q.ids } : {}),
        })
        return { results: page.results.map(toTransaction), totalPages: page.totalPages }
      }),
  }
}
