/*
 * The aggregator as this app sees it (ARCHITECTURE §11): a small interface over Pluggy, in our
 * own shapes (money in centavos, dates as the calendar day). pluggy-client.ts implements it
 * with pluggy-sdk; the demo mode and the tests point that client at fake-pluggy/.
 */

export type RemoteItemStatus =
  | 'UPDATED'
  | 'UPDATING'
  | 'WAITING_USER_INPUT'
  | 'WAITING_USER_ACTION'
  | 'MERGING'
  | 'LOGIN_ERROR'
  | 'OUTDATED'

export type RemoteItem = {
  id: string
  connectorId: number
  institution: string
  status: RemoteItemStatus
  executionStatus: string
  /** The aggregator's error code, when the last update failed. */
  errorCode: string | null
  /** The label of the code the bank asks for (WAITING_USER_INPUT). */
  mfaLabel: string | null
  consentExpiresAt: string | null
}

export type RemoteAccount = {
  id: string
  type: 'BANK' | 'CREDIT'
  subtype: string
  name: string
  /** What the bank says: the available balance (BANK) or what is owed (CREDIT), centavos. */
  balanceCents: number
  lastDigits: string | null
  card: { closingDay: number | null; dueDay: number | null; limitCents: number | null } | null
}

export type RemoteTransaction = {
  id: string
  accountId: string
  /** YYYY-MM-DD: the date part of the aggregator's timestamp, never shifted by time zone. */
  date: string
  description: string
  /** Positive. */
  amountCents: number
  /** DEBIT: money out of the account (a purchase on a card); CREDIT: money in. */
  direction: 'DEBIT' | 'CREDIT'
  posted: boolean
  /** The aggregator says it is a card-bill payment. */
  billPayment: boolean
  createdAt: string
}

export type RemoteConnector = {
  id: number
  name: string
  credentials: { name: string; label: string; type: 'text' | 'password' | 'number' }[]
  sandbox: boolean
}

export type TransactionPage = { results: RemoteTransaction[]; totalPages: number }

export interface Aggregator {
  /** Whether {connector_id, credentials} may be sent through us (demo / sandbox). */
  readonly acceptsCredentials: boolean
  connectors(): Promise<RemoteConnector[]>
  /** A short-lived token for the aggregator's connect widget; with `itemId`, to update that item. */
  connectToken(p: { itemId?: string; webhookUrl: string; clientUserId: string }): Promise<string>
  createItem(p: {
    connectorId: number
    credentials: Record<string, string>
    webhookUrl: string
    clientUserId: string
  }): Promise<RemoteItem>
  item(id: string): Promise<RemoteItem>
  /** Asks the aggregator to update the item (sync now); also sets our webhook URL. */
  refreshItem(id: string, webhookUrl: string): Promise<RemoteItem>
  /** New credentials for an item (reconnect after a login error; demo/sandbox only). */
  updateCredentials(
    id: string,
    credentials: Record<string, string>,
    webhookUrl: string,
  ): Promise<RemoteItem>
  sendMfa(id: string, label: string | null, code: string): Promise<RemoteItem>
  deleteItem(id: string): Promise<void>
  accounts(itemId: string): Promise<RemoteAccount[]>
  transactions(
    accountId: string,
    p: { from?: string; createdAtFrom?: string; ids?: string[]; page: number; pageSize: number },
  ): Promise<TransactionPage>
}

/** A call to the aggregator failed; `retryable` for 429, 5xx and network errors. */
export class AggregatorError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message)
    this.name = 'AggregatorError'
  }
  get retryable() {
    return this.status === null || this.status === 429 || this.status >= 500
  }
  get notFound() {
    return this.status === 404
  }
}
