import type {
  Connection,
  ConnectMode,
  ConnectToken,
  CreateConnectionInput,
} from '@equilibrai/shared'
import {
  cheapestPaidPlanName,
  deleteAccount,
  deleteBankEntries,
  ownerPaysForPlan,
  removeTransfer,
  updateAccount,
} from '../../ledger/index.ts'
import { type Db, type Env, type Queryable, withTransaction } from '../../platform/index.ts'
import type { LedgerRef } from '../../tenancy/index.ts'
import {
  type Aggregator,
  AggregatorError,
  type RemoteConnector,
  type RemoteItem,
} from './aggregator.ts'
import { aggregatorFor, webhookUrl } from './aggregator-registry.ts'
import { statusOfItem } from './connection-state.ts'
import {
  type ConnectionRow,
  connectionsOfOwner,
  createdByConnection,
  deleteConnectionRow,
  getConnection,
  insertConnection,
  listConnections,
  publicConnection,
  setConnectionState,
} from './connections.queries.ts'
import {
  AggregatorUnavailableError,
  ConnectionExistsError,
  ConnectionNotFoundError,
  ConnectionsNotInPlanError,
  CredentialsNotAcceptedError,
  NotWaitingForCodeError,
  UnknownItemError,
} from './errors.ts'
import { queueSync } from './open-finance.run.ts'

/*
 * What the routes do with connections (ARCHITECTURE §11): a short function each, the ledger
 * explicit; aggregator calls happen outside database transactions, the writes that follow them
 * in one.
 */

type Deps = { db: Db; env: Env }

/** Paid plans only (price > 0), like statement files (§10). */
export async function assertConnectionsAllowed(db: Queryable, ownerId: string) {
  if (await ownerPaysForPlan(db, ownerId)) return
  throw new ConnectionsNotInPlanError(await cheapestPaidPlanName(db))
}

/** Aggregator failures as answers: unknown things 422, anything else 503 (never a 500). */
async function remote<T>(
  fn: () => Promise<T>,
  notFound: () => Error = () => new UnknownItemError(),
) {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof AggregatorError) {
      if (error.notFound || error.status === 400) throw notFound()
      throw new AggregatorUnavailableError()
    }
    throw error
  }
}

const initialState = (item: RemoteItem) =>
  statusOfItem(item) ?? { status: 'syncing' as const, error: null }

const modeOf = (a: Aggregator): ConnectMode => (a.acceptsCredentials ? 'demo' : 'widget')

export async function listConnectors({
  env,
}: Deps): Promise<{ data: RemoteConnector[]; mode: ConnectMode }> {
  const aggregator = await aggregatorFor(env)
  if (!aggregator.acceptsCredentials) return { data: [], mode: 'widget' }
  return { data: await remote(() => aggregator.connectors()), mode: 'demo' }
}

/**
 * A token for the aggregator's connect widget (the bank's password goes from the browser to the
 * aggregator, never through us); with a connection, the widget updates that item (reconnect).
 */
export async function connectToken(
  { db, env }: Deps,
  p: { ledger: LedgerRef; userId: string; connectionId: number | null },
): Promise<ConnectToken> {
  await assertConnectionsAllowed(db, p.ledger.ownerId)
  const c = p.connectionId === null ? null : await mustGet(db, p.ledger.ledgerId, p.connectionId)
  const aggregator = await aggregatorFor(env)
  const token = await remote(
    () =>
      aggregator.connectToken({
        ...(c ? { itemId: c.item_id } : {}),
        webhookUrl: webhookUrl(env),
        clientUserId: p.userId,
      }),
    () => (c ? new ConnectionNotFoundError() : new AggregatorUnavailableError()),
  )
  return { connect_token: token, mode: modeOf(aggregator), item_id: c?.item_id ?? null }
}

export async function connect(
  { db, env }: Deps,
  p: { ledger: LedgerRef; userId: string; input: CreateConnectionInput },
): Promise<Connection> {
  await assertConnectionsAllowed(db, p.ledger.ownerId)
  const aggregator = await aggregatorFor(env)
  const hook = webhookUrl(env)
  let item: RemoteItem
  if ('item_id' in p.input) {
    const itemId = p.input.item_id
    item = await remote(() => aggregator.refreshItem(itemId, hook))
  } else {
    if (!aggregator.acceptsCredentials) throw new CredentialsNotAcceptedError()
    const { connector_id, credentials } = p.input
    item = await remote(() =>
      aggregator.createItem({
        connectorId: connector_id,
        credentials,
        webhookUrl: hook,
        clientUserId: p.userId,
      }),
    )
  }
  const state = initialState(item)
  return withTransaction(db, async (tx) => {
    const row = await insertConnection(tx, {
      ledgerId: p.ledger.ledgerId,
      createdBy: p.userId,
      itemId: item.id,
      connectorId: item.connectorId,
      institution: item.institution,
      status: state.status,
      mfaLabel: item.mfaLabel,
    })
    if (!row) throw new ConnectionExistsError()
    if (state.error) {
      await setConnectionState(tx, {
        connectionId: row.id,
        status: state.status,
        error: state.error,
      })
    }
    await queueSync(tx, row.id)
    return publicConnection({ ...row, error: state.error })
  })
}

async function mustGet(db: Queryable, ledgerId: number, connectionId: number) {
  const c = await getConnection(db, { ledgerId, connectionId })
  if (!c) throw new ConnectionNotFoundError()
  return c
}

export async function connectionsOf(db: Queryable, { ledgerId }: { ledgerId: number }) {
  return (await listConnections(db, { ledgerId })).map(publicConnection)
}

/** After the aggregator took a code, new credentials or an update request: syncing, queued. */
async function nowSyncing(db: Db, c: ConnectionRow, item: RemoteItem): Promise<Connection> {
  const state = initialState(item)
  return withTransaction(db, async (tx) => {
    await setConnectionState(tx, {
      connectionId: c.id,
      status: state.status,
      error: state.error,
      mfaLabel: item.mfaLabel,
    })
    await queueSync(tx, c.id)
    const fresh = await mustGet(tx, c.ledger_id, c.id)
    return publicConnection(fresh)
  })
}

export async function sendCode(
  { db, env }: Deps,
  p: { ledger: LedgerRef; connectionId: number; code: string },
): Promise<Connection> {
  await assertConnectionsAllowed(db, p.ledger.ownerId)
  const c = await mustGet(db, p.ledger.ledgerId, p.connectionId)
  if (c.status !== 'needs_action' || !c.mfa) throw new NotWaitingForCodeError()
  const aggregator = await aggregatorFor(env)
  const item = await remote(
    () => aggregator.sendMfa(c.item_id, c.mfa?.label ?? null, p.code),
    () => new NotWaitingForCodeError(),
  )
  return nowSyncing(db, c, item)
}

export async function syncNow(
  { db, env }: Deps,
  p: { ledger: LedgerRef; connectionId: number },
): Promise<Connection> {
  await assertConnectionsAllowed(db, p.ledger.ownerId)
  const c = await mustGet(db, p.ledger.ledgerId, p.connectionId)
  const aggregator = await aggregatorFor(env)
  const item = await remote(
    () => aggregator.refreshItem(c.item_id, webhookUrl(env)),
    () => new ConnectionNotFoundError(),
  )
  return nowSyncing(db, c, item)
}

/** Reconnect after a login error: new credentials (demo/sandbox) or just a new update. */
export async function reconnect(
  { db, env }: Deps,
  p: { ledger: LedgerRef; connectionId: number; credentials: Record<string, string> | null },
): Promise<Connection> {
  await assertConnectionsAllowed(db, p.ledger.ownerId)
  const c = await mustGet(db, p.ledger.ledgerId, p.connectionId)
  const aggregator = await aggregatorFor(env)
  const credentials = p.credentials
  if (credentials && !aggregator.acceptsCredentials) throw new CredentialsNotAcceptedError()
  const hook = webhookUrl(env)
  const item = await remote(
    () =>
      credentials
        ? aggregator.updateCredentials(c.item_id, credentials, hook)
        : aggregator.refreshItem(c.item_id, hook),
    () => new ConnectionNotFoundError(),
  )
  // A new start: the next failure is news again.
  await setConnectionState(db, {
    connectionId: c.id,
    status: c.status,
    error: c.error,
    notifiedStatus: null,
  })
  return nowSyncing(db, c, item)
}

/**
 * Disconnect: the item is deleted at the aggregator (already gone there is fine); with
 * `deleteData` the accounts, entries and transfers the connection created go too — never
 * entries the person typed, even matched ones (an account holding any of those stays, archived).
 */
export async function disconnect(
  { db, env }: Deps,
  p: { ledger: LedgerRef; connectionId: number; deleteData: boolean },
): Promise<void> {
  const c = await mustGet(db, p.ledger.ledgerId, p.connectionId)
  await deleteAtAggregator(env, c.item_id)
  await withTransaction(db, (tx) => removeConnection(tx, c, p.deleteData))
}

async function deleteAtAggregator(env: Env, itemId: string) {
  const aggregator = await aggregatorFor(env)
  try {
    await aggregator.deleteItem(itemId)
  } catch (error) {
    if (error instanceof AggregatorError && error.notFound) return
    if (error instanceof AggregatorError) throw new AggregatorUnavailableError()
    throw error
  }
}

async function removeConnection(tx: Queryable, c: ConnectionRow, deleteData: boolean) {
  const ledgerId = c.ledger_id
  if (deleteData) {
    const made = await createdByConnection(tx, { connectionId: c.id })
    await deleteBankEntries(tx, { ledgerId, ids: made.transactionIds })
    for (const transferId of made.transferIds) {
      await removeTransfer(tx, { ledgerId, transferId })
    }
    for (const accountId of made.accountIds) {
      const { rows } = await tx.query<{ used: boolean }>(
        `select exists (select 1 from transactions where ledger_id = $1 and account_id = $2)
             or exists (select 1 from transfers where ledger_id = $1
                         and (from_account_id = $2 or to_account_id = $2)) as used`,
        [ledgerId, accountId],
      )
      if (rows[0]?.used) await updateAccount(tx, { ledgerId, accountId, patch: { archived: true } })
      else await deleteAccount(tx, { ledgerId, accountId })
    }
  }
  await deleteConnectionRow(tx, { ledgerId, connectionId: c.id })
}

/**
 * LGPD: before an account is deleted, every connection of its ledgers is deleted at the
 * aggregator (already gone there is fine). Any other failure stops the deletion (503) before
 * anything is removed, as Stripe's does: an item left at the aggregator would keep reading the
 * person's bank. The rows go with the ledger (cascade).
 */
export async function deleteOwnerItemsAtAggregator(
  { db, env }: Deps,
  { userId }: { userId: string },
): Promise<number> {
  const all = await connectionsOfOwner(db, { userId })
  for (const c of all) await deleteAtAggregator(env, c.item_id)
  return all.length
}

/** LGPD export: the connections, never a secret (there are none kept; the item id is not shown). */
export async function exportConnections(db: Queryable, { userId }: { userId: string }) {
  return (await connectionsOfOwner(db, { userId })).map((c) => ({
    institution: c.institution,
    status: c.status,
    last_synced_at: c.last_synced_at,
    created_at: c.created_at,
  }))
}
