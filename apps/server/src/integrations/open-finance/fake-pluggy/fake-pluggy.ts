import { createHmac, randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  dayIso,
  type FakeAccount,
  type FakeConnector,
  type FakeTransaction,
  SANDBOX_CONNECTORS,
  SANDBOX_MFA_CODE,
  SANDBOX_PASSWORD,
  SANDBOX_USER,
  sandboxAccounts,
  sandboxTransactions,
} from './sandbox.ts'

/*
 * A local fake of Pluggy's API (ARCHITECTURE §11): what pluggy-sdk calls, over real HTTP —
 * /auth (a JWT-shaped apiKey: the SDK decodes it to see when it expires), /connectors, /items
 * (create, read, PATCH to update or answer MFA, POST /items/:id/mfa, delete), /accounts,
 * /transactions (page/pageSize/totalPages, from/to, createdAtFrom, ids), /webhooks. Items go
 * UPDATING → UPDATED (or LOGIN_ERROR for a wrong password, WAITING_USER_INPUT when the MFA
 * connector wants its code). Tests (and the benchmark) drive it through the methods below:
 * add, change and delete transactions, fire webhooks, make the next calls fail.
 *
 * The demo mode runs it in-process so `npm start` without credentials offers a sandbox bank.
 */

type ItemStatus = 'UPDATING' | 'UPDATED' | 'LOGIN_ERROR' | 'WAITING_USER_INPUT' | 'OUTDATED'

type FakeItem = {
  id: string
  connector: FakeConnector
  parameters: Record<string, string>
  status: ItemStatus
  executionStatus: string
  error: { code: string; message: string } | null
  parameter: { name: string; label: string; type: string } | null
  createdAt: string
  updatedAt: string
  lastUpdatedAt: string | null
  webhookUrl: string | null
  clientUserId: string | null
  consentExpiresAt: string | null
  mfaPassed: boolean
}

export type WebhookEvent =
  | { event: 'item/updated' | 'item/error' | 'item/waiting_user_input'; itemId: string }
  | {
      event: 'transactions/created'
      itemId: string
      accountId: string
      transactionsCreatedAtFrom: string
    }
  | {
      event: 'transactions/updated' | 'transactions/deleted'
      itemId: string
      accountId: string
      transactionIds: string[]
    }

export type FakePluggyOptions = {
  /** How long an item stays UPDATING after a create/update/MFA (default 20 ms). */
  settleMs?: number
  now?: () => Date
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

export class FakePluggy {
  private server: http.Server | null = null
  private seq = 0
  readonly items = new Map<string, FakeItem>()
  readonly accounts = new Map<string, FakeAccount>()
  /** Per account, in creation order. */
  readonly transactions = new Map<string, FakeTransaction[]>()
  private readonly keys = new Set<string>()
  private readonly webhooks = new Map<
    string,
    { id: string; event: string; url: string; headers: Record<string, string> }
  >()
  private failures: { status: number; left: number } | null = null
  private failing: { status: number; when: (pathAndQuery: string) => boolean } | null = null
  private readonly settleMs: number
  private readonly now: () => Date
  private readonly timers = new Set<NodeJS.Timeout>()
  /** Every request seen (method and path), for tests. */
  readonly calls: string[] = []
  /** What each connect token was asked for (the widget's item to update, the user, the hook). */
  readonly connectTokens: {
    itemId: string | null
    clientUserId: string | null
    webhookUrl: string | null
  }[] = []
  /** Webhook deliveries in flight (tests await them). */
  private deliveries: Promise<unknown>[] = []
  url = ''
  /** Each /transactions answer waits this long (tests that need a sync caught half-way). */
  transactionsDelayMs = 0

  constructor(options: FakePluggyOptions = {}) {
    this.settleMs = options.settleMs ?? 20
    this.now = options.now ?? (() => new Date())
  }

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ code: 500, message: String(error) }))
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  async stop() {
    for (const t of this.timers) clearTimeout(t)
    await Promise.allSettled(this.deliveries)
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve()
      this.server.close(() => resolve())
      this.server.closeAllConnections()
    })
  }

  // ---- control (tests, benchmark, demo) ----

  /** Every call `when` picks (path and query) fails with `status` until `stopFailing()`. */
  failAlways(status: number, when: (pathAndQuery: string) => boolean = () => true) {
    this.failing = { status, when }
  }

  stopFailing() {
    this.failing = null
  }

  /** A sandbox item already connected (UPDATED, accounts seeded), as if through the widget. */
  seedItem(connectorId = 2): string {
    const connector = SANDBOX_CONNECTORS.find((c) => c.id === connectorId)
    if (!connector) throw new Error(`fake-pluggy: no connector ${connectorId}`)
    const now = this.now().toISOString()
    const item: FakeItem = {
      id: randomUUID(),
      connector,
      parameters: { user: SANDBOX_USER, password: SANDBOX_PASSWORD },
      status: 'UPDATING',
      executionStatus: 'CREATED',
      error: null,
      parameter: null,
      createdAt: now,
      updatedAt: now,
      lastUpdatedAt: null,
      webhookUrl: null,
      clientUserId: null,
      consentExpiresAt: null,
      mfaPassed: true,
    }
    this.items.set(item.id, item)
    this.settle(item)
    return item.id
  }

  /** The next `count` API calls (not /auth) answer `status`. */
  failNext(count: number, status: number) {
    this.failures = { status, left: count }
  }

  /** Adds transactions to an account; ids and createdAt are given when missing. */
  addTransactions(
    accountId: string,
    list: readonly (Partial<FakeTransaction> &
      Pick<FakeTransaction, 'date' | 'description' | 'type' | 'amount'>)[],
  ): FakeTransaction[] {
    const store = this.transactions.get(accountId)
    if (!store) throw new Error(`fake-pluggy: no account ${accountId}`)
    const created = this.now().toISOString()
    const added = list.map((t) => ({
      id: t.id ?? this.id('tx'),
      accountId,
      date: t.date,
      description: t.description,
      descriptionRaw: t.descriptionRaw ?? null,
      type: t.type,
      amount: t.amount,
      balance: t.balance ?? null,
      currencyCode: 'BRL' as const,
      category: t.category ?? null,
      categoryId: t.categoryId ?? null,
      status: t.status ?? 'POSTED',
      creditCardMetadata: t.creditCardMetadata ?? null,
      operationType: t.operationType ?? null,
      createdAt: t.createdAt ?? created,
      updatedAt: t.updatedAt ?? created,
    }))
    store.push(...added)
    return added
  }

  updateTransaction(id: string, patch: Partial<FakeTransaction>) {
    for (const list of this.transactions.values()) {
      const t = list.find((x) => x.id === id)
      if (t) {
        Object.assign(t, patch, { updatedAt: this.now().toISOString() })
        return t
      }
    }
    throw new Error(`fake-pluggy: no transaction ${id}`)
  }

  deleteTransaction(id: string) {
    for (const list of this.transactions.values()) {
      const i = list.findIndex((x) => x.id === id)
      if (i >= 0) return list.splice(i, 1)[0]
    }
    throw new Error(`fake-pluggy: no transaction ${id}`)
  }

  setItemStatus(
    itemId: string,
    status: ItemStatus,
    executionStatus = status === 'OUTDATED' ? 'ERROR' : 'SUCCESS',
  ) {
    const item = this.mustItem(itemId)
    item.status = status
    item.executionStatus = executionStatus
    item.updatedAt = this.now().toISOString()
  }

  setConsentExpiry(itemId: string, at: Date | null) {
    this.mustItem(itemId).consentExpiresAt = at?.toISOString() ?? null
  }

  accountsOf(itemId: string) {
    return [...this.accounts.values()].filter((a) => a.itemId === itemId)
  }

  /** Sends an event to the item's webhook URL and every registered webhook; resolves on delivery. */
  async fireWebhook(event: WebhookEvent, extraHeaders: Record<string, string> = {}) {
    const item = this.items.get(event.itemId)
    const targets: { url: string; headers: Record<string, string> }[] = []
    if (item?.webhookUrl) targets.push({ url: item.webhookUrl, headers: {} })
    for (const w of this.webhooks.values()) {
      if (w.event === 'all' || w.event === event.event)
        targets.push({ url: w.url, headers: w.headers })
    }
    const body = JSON.stringify({ ...event, eventId: randomUUID(), triggeredBy: 'SYNC' })
    const sent = Promise.all(
      targets.map((t) =>
        fetch(t.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...t.headers, ...extraHeaders },
          body,
        }).then((r) => r.status),
      ),
    )
    this.deliveries.push(sent.catch(() => []))
    return sent
  }

  // ---- HTTP ----

  private id(prefix: string) {
    this.seq += 1
    return `${prefix}-${this.seq.toString().padStart(6, '0')}-${randomUUID().slice(0, 8)}`
  }

  private mustItem(id: string) {
    const item = this.items.get(id)
    if (!item) throw new Error(`fake-pluggy: no item ${id}`)
    return item
  }

  private apiKey() {
    const exp = Math.floor(Date.now() / 1000) + 2 * 3600
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'fake-pluggy', exp, jti: randomUUID() })}`
    const key = `${head}.${createHmac('sha256', 'fake-pluggy').update(head).digest('base64url')}`
    this.keys.add(key)
    return key
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    this.calls.push(`${method} ${url.pathname}`)
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    let body: Record<string, unknown> = {}
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
      } catch {
        return send(res, 400, { code: 400, message: 'Invalid JSON' })
      }
    }
    const parts = url.pathname.split('/').filter(Boolean)
    if (method === 'POST' && parts[0] === 'auth') {
      if (!body.clientId || !body.clientSecret) {
        return send(res, 401, { code: 401, message: 'Missing credentials' })
      }
      return send(res, 200, { apiKey: this.apiKey() })
    }
    const key = req.headers['x-api-key']
    if (typeof key !== 'string' || !this.keys.has(key)) {
      return send(res, 403, { code: 403, message: 'Invalid API key' })
    }
    const status = this.failing?.when(`${url.pathname}${url.search}`)
      ? this.failing.status
      : this.takeFailure()
    if (status !== null) {
      // Retry-After 0: pluggy-sdk's own client (got) then leaves the retry to our job.
      return send(
        res,
        status,
        { code: status, message: 'Injected failure' },
        { 'retry-after': '0' },
      )
    }
    const q = url.searchParams
    switch (`${method} ${parts[0]}`) {
      case 'GET connectors':
        if (parts[1]) {
          const c = SANDBOX_CONNECTORS.find((x) => x.id === Number(parts[1]))
          return c
            ? send(res, 200, c)
            : send(res, 404, { code: 404, message: 'Connector not found' })
        }
        return send(res, 200, page(SANDBOX_CONNECTORS, 1, 500))
      case 'POST connect_token': {
        // Pluggy's shape: {itemId?, options: {webhookUrl?, clientUserId?, …}}.
        const options = (body.options ?? {}) as Record<string, unknown>
        this.connectTokens.push({
          itemId: typeof body.itemId === 'string' ? body.itemId : null,
          clientUserId: typeof options.clientUserId === 'string' ? options.clientUserId : null,
          webhookUrl: typeof options.webhookUrl === 'string' ? options.webhookUrl : null,
        })
        return send(res, 200, { accessToken: this.apiKey() })
      }
      case 'POST items':
        if (parts[1] && parts[2] === 'mfa') return this.mfa(res, parts[1], body)
        return this.createItem(res, body)
      case 'GET items':
        return this.withItem(res, parts[1], (item) => send(res, 200, this.itemView(item)))
      case 'PATCH items':
        return this.withItem(res, parts[1], (item) => {
          const params = (body.parameters ?? {}) as Record<string, string>
          if (typeof body.webhookUrl === 'string') item.webhookUrl = body.webhookUrl
          if (
            item.status === 'WAITING_USER_INPUT' &&
            item.parameter &&
            params[item.parameter.name]
          ) {
            return this.answerMfa(res, item, params[item.parameter.name] ?? '')
          }
          Object.assign(item.parameters, params)
          // Signing in again (the widget's or the demo's reconnect) gives a new consent.
          if (Object.keys(params).length > 0) item.consentExpiresAt = this.consentFromNow()
          item.mfaPassed = false
          this.startUpdate(item)
          return send(res, 200, this.itemView(item))
        })
      case 'DELETE items':
        return this.withItem(res, parts[1], (item) => {
          this.items.delete(item.id)
          for (const a of this.accountsOf(item.id)) {
            this.accounts.delete(a.id)
            this.transactions.delete(a.id)
          }
          return send(res, 200, {})
        })
      case 'GET accounts': {
        if (parts[1]) {
          const a = this.accounts.get(parts[1])
          return a ? send(res, 200, a) : send(res, 404, { code: 404, message: 'Account not found' })
        }
        const itemId = q.get('itemId') ?? ''
        if (!this.items.has(itemId)) return send(res, 404, { code: 404, message: 'Item not found' })
        const type = q.get('type')
        return send(
          res,
          200,
          page(
            this.accountsOf(itemId).filter((a) => !type || a.type === type),
            1,
            500,
          ),
        )
      }
      case 'GET transactions':
        if (this.transactionsDelayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, this.transactionsDelayMs))
        }
        return this.listTransactions(res, q)
      case 'POST webhooks': {
        const w = {
          id: this.id('wh'),
          event: String(body.event ?? 'all'),
          url: String(body.url ?? ''),
          headers: (body.headers ?? {}) as Record<string, string>,
        }
        this.webhooks.set(w.id, w)
        return send(res, 200, w)
      }
      case 'GET webhooks':
        return send(res, 200, page([...this.webhooks.values()], 1, 500))
      case 'DELETE webhooks':
        this.webhooks.delete(parts[1] ?? '')
        return send(res, 200, {})
      default:
        return send(res, 404, { code: 404, message: `No route ${method} ${url.pathname}` })
    }
  }

  private withItem(res: http.ServerResponse, id: string | undefined, fn: (item: FakeItem) => void) {
    const item = this.items.get(id ?? '')
    if (!item) return send(res, 404, { code: 404, message: 'Item not found' })
    return fn(item)
  }

  private createItem(res: http.ServerResponse, body: Record<string, unknown>) {
    const connector = SANDBOX_CONNECTORS.find((c) => c.id === Number(body.connectorId))
    if (!connector) return send(res, 400, { code: 400, message: 'Connector not found' })
    const parameters = (body.parameters ?? {}) as Record<string, string>
    const now = this.now().toISOString()
    const item: FakeItem = {
      id: randomUUID(),
      connector,
      parameters: { ...parameters },
      status: 'UPDATING',
      executionStatus: 'CREATED',
      error: null,
      parameter: null,
      createdAt: now,
      updatedAt: now,
      lastUpdatedAt: null,
      webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
      clientUserId: typeof body.clientUserId === 'string' ? body.clientUserId : null,
      consentExpiresAt: this.consentFromNow(),
      mfaPassed: false,
    }
    this.items.set(item.id, item)
    this.startUpdate(item)
    return send(res, 200, this.itemView(item))
  }

  private mfa(res: http.ServerResponse, id: string, body: Record<string, unknown>) {
    return this.withItem(res, id, (item) => {
      const name = item.parameter?.name ?? 'token'
      return this.answerMfa(res, item, String(body[name] ?? body.token ?? ''))
    })
  }

  private answerMfa(res: http.ServerResponse, item: FakeItem, code: string) {
    if (item.status !== 'WAITING_USER_INPUT') {
      return send(res, 400, { code: 400, message: 'Item is not waiting for user input' })
    }
    item.parameter = null
    if (code !== SANDBOX_MFA_CODE) {
      item.status = 'LOGIN_ERROR'
      item.executionStatus = 'INVALID_CREDENTIALS_MFA'
      item.error = { code: 'INVALID_CREDENTIALS_MFA', message: 'Invalid MFA code' }
      this.later(() => this.fireWebhook({ event: 'item/error', itemId: item.id }))
      return send(res, 200, this.itemView(item))
    }
    item.mfaPassed = true
    this.startUpdate(item)
    return send(res, 200, this.itemView(item))
  }

  /** UPDATING now; after settleMs the outcome of the credentials, and a webhook. */
  private startUpdate(item: FakeItem) {
    item.status = 'UPDATING'
    item.executionStatus = 'LOGIN_IN_PROGRESS'
    item.error = null
    item.updatedAt = this.now().toISOString()
    this.later(() => {
      if (!this.items.has(item.id)) return
      this.settle(item)
      const event =
        item.status === 'UPDATED'
          ? 'item/updated'
          : item.status === 'WAITING_USER_INPUT'
            ? 'item/waiting_user_input'
            : 'item/error'
      return this.fireWebhook({ event, itemId: item.id })
    })
  }

  /** Open Finance consents last a year at the sandbox. */
  private consentFromNow() {
    return new Date(this.now().getTime() + 365 * 86_400_000).toISOString()
  }

  /** The next of `failNext`'s failures, if any are left. */
  private takeFailure(): number | null {
    if (!this.failures || this.failures.left <= 0) return null
    this.failures.left -= 1
    const status = this.failures.status
    if (this.failures.left === 0) this.failures = null
    return status
  }

  private later(fn: () => unknown) {
    const t = setTimeout(() => {
      this.timers.delete(t)
      void Promise.resolve(fn()).catch(() => {})
    }, this.settleMs)
    t.unref()
    this.timers.add(t)
  }

  private settle(item: FakeItem) {
    const { user, password } = item.parameters
    const now = this.now().toISOString()
    item.updatedAt = now
    if (user !== SANDBOX_USER || password !== SANDBOX_PASSWORD) {
      item.status = 'LOGIN_ERROR'
      item.executionStatus = 'INVALID_CREDENTIALS'
      item.error = { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }
      return
    }
    if (item.connector.mfa && !item.mfaPassed) {
      item.status = 'WAITING_USER_INPUT'
      item.executionStatus = 'WAITING_USER_INPUT'
      item.parameter = { name: 'token', label: 'Código de segurança (token)', type: 'number' }
      return
    }
    if (this.accountsOf(item.id).length === 0) this.seed(item)
    item.status = 'UPDATED'
    item.executionStatus = 'SUCCESS'
    item.lastUpdatedAt = now
  }

  private seed(item: FakeItem) {
    const now = this.now()
    const { checking, card } = sandboxAccounts(item.id, now, () => this.id('acc'))
    const seeds = sandboxTransactions(now)
    for (const [account, list] of [
      [checking, seeds.checking],
      [card, seeds.card],
    ] as const) {
      this.accounts.set(account.id, account)
      this.transactions.set(account.id, [])
      this.addTransactions(account.id, list)
    }
  }

  private itemView(item: FakeItem) {
    const { parameters: _p, mfaPassed: _m, connector, ...rest } = item
    return {
      ...rest,
      connector: { ...connector, mfa: undefined },
      statusDetail: null,
      userAction: null,
      consecutiveFailedLoginAttempts: 0,
      nextAutoSyncAt: null,
    }
  }

  private listTransactions(res: http.ServerResponse, q: URLSearchParams) {
    const accountId = q.get('accountId') ?? ''
    const list = this.transactions.get(accountId)
    if (!list) return send(res, 404, { code: 404, message: 'Account not found' })
    const from = q.get('from')
    const to = q.get('to')
    const createdAtFrom = q.get('createdAtFrom')
    const ids = q.get('ids')?.split(',').filter(Boolean)
    const pageNo = Math.max(1, Number(q.get('page') ?? 1) || 1)
    const pageSize = Math.min(500, Math.max(1, Number(q.get('pageSize') ?? 20) || 20))
    const day = (iso: string) => iso.slice(0, 10)
    const filtered = list.filter(
      (t) =>
        (!from || day(t.date) >= day(from)) &&
        (!to || day(t.date) <= day(to)) &&
        (!createdAtFrom || t.createdAt >= createdAtFrom) &&
        (!ids || ids.includes(t.id)),
    )
    return send(res, 200, page(filtered, pageNo, pageSize))
  }
}

function page<T>(all: readonly T[], pageNo: number, pageSize: number) {
  return {
    total: all.length,
    totalPages: Math.max(1, Math.ceil(all.length / pageSize)),
    page: pageNo,
    results: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
  }
}

function send(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export { dayIso, SANDBOX_MFA_CODE, SANDBOX_PASSWORD, SANDBOX_USER }
