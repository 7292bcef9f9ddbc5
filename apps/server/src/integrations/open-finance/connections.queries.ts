import type { Connection, ConnectionStatus } from '@equilibrai/shared'
import type { Queryable } from '../../platform/index.ts'

/*
 * Bank connections and what they synced (migration 024). Queries that serve a person take the
 * ledger explicitly (a connection belongs to one ledger; another ledger's is not found); the
 * sync job, which knows the connection by id, reads its ledger from it.
 */

export type ConnectionRow = Connection & {
  ledger_id: number
  created_by: string | null
  item_id: string
  connector_id: number | null
  read_from: string | null
  notified_status: string | null
  consent_reminded_for: string | null
}

const FIELDS = `c.id::int, c.ledger_id::int, c.created_by, c.item_id, c.connector_id, c.institution,
  c.status, c.mfa_label, c.last_synced_at, c.error, c.read_from, c.notified_status, c.created_at,
  c.consent_expires_at, c.consent_reminded_for`

type Raw = Omit<
  ConnectionRow,
  | 'mfa'
  | 'last_synced_at'
  | 'created_at'
  | 'read_from'
  | 'consent_expires_at'
  | 'consent_reminded_for'
> & {
  mfa_label: string | null
  consent_expires_at: Date | null
  consent_reminded_for: Date | null
  last_synced_at: Date | null
  created_at: Date
  read_from: Date | null
}

function toRow(r: Raw): ConnectionRow {
  const { mfa_label, ...rest } = r
  return {
    ...rest,
    mfa: r.status === 'needs_action' && mfa_label ? { label: mfa_label } : null,
    last_synced_at: r.last_synced_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    read_from: r.read_from?.toISOString() ?? null,
    consent_expires_at: r.consent_expires_at?.toISOString() ?? null,
    consent_reminded_for: r.consent_reminded_for?.toISOString() ?? null,
  }
}

/** What the API shows of a connection (never the item id's secrets: there are none kept). */
export function publicConnection(c: ConnectionRow): Connection {
  return {
    id: c.id,
    institution: c.institution,
    status: c.status,
    last_synced_at: c.last_synced_at,
    error: c.error,
    mfa: c.mfa,
    consent_expires_at: c.consent_expires_at,
    created_at: c.created_at,
  }
}

export async function insertConnection(
  db: Queryable,
  p: {
    ledgerId: number
    createdBy: string
    itemId: string
    connectorId: number | null
    institution: string
    status: ConnectionStatus
    mfaLabel: string | null
  },
): Promise<ConnectionRow | null> {
  const { rows } = await db.query<Raw>(
    `with c as (
       insert into bank_connections (ledger_id, created_by, item_id, connector_id, institution,
                                     status, mfa_label)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (item_id) do nothing
       returning *)
     select ${FIELDS} from c`,
    [
      p.ledgerId,
      p.createdBy,
      p.itemId,
      p.connectorId,
      p.institution.slice(0, 100),
      p.status,
      p.mfaLabel,
    ],
  )
  return rows[0] ? toRow(rows[0]) : null
}

export async function listConnections(
  db: Queryable,
  { ledgerId }: { ledgerId: number },
): Promise<ConnectionRow[]> {
  const { rows } = await db.query<Raw>(
    `select ${FIELDS} from bank_connections c where c.ledger_id = $1 order by c.id`,
    [ledgerId],
  )
  return rows.map(toRow)
}

export async function getConnection(
  db: Queryable,
  { ledgerId, connectionId }: { ledgerId: number; connectionId: number },
): Promise<ConnectionRow | null> {
  const { rows } = await db.query<Raw>(
    `select ${FIELDS} from bank_connections c where c.ledger_id = $1 and c.id = $2`,
    [ledgerId, connectionId],
  )
  return rows[0] ? toRow(rows[0]) : null
}

/** The job's read: by id, locked when asked (one sync of a connection at a time). */
export async function connectionById(
  db: Queryable,
  { connectionId, forUpdate = false }: { connectionId: number; forUpdate?: boolean },
): Promise<ConnectionRow | null> {
  const { rows } = await db.query<Raw>(
    `select ${FIELDS} from bank_connections c where c.id = $1 ${forUpdate ? 'for update' : ''}`,
    [connectionId],
  )
  return rows[0] ? toRow(rows[0]) : null
}

export async function connectionByItem(
  db: Queryable,
  { itemId }: { itemId: string },
): Promise<ConnectionRow | null> {
  const { rows } = await db.query<Raw>(
    `select ${FIELDS} from bank_connections c where c.item_id = $1`,
    [itemId],
  )
  return rows[0] ? toRow(rows[0]) : null
}

export async function setConnectionState(
  db: Queryable,
  p: {
    connectionId: number
    status: ConnectionStatus
    error: string | null
    mfaLabel?: string | null
    synced?: boolean
    readFrom?: string | null
    notifiedStatus?: string | null
  },
): Promise<void> {
  await db.query(
    `update bank_connections
        set status = $2, error = $3,
            mfa_label = case when $4::boolean then $5 else mfa_label end,
            last_synced_at = case when $6::boolean then now() else last_synced_at end,
            read_from = case when $7::boolean then $8::timestamptz else read_from end,
            notified_status = case when $9::boolean then $10 else notified_status end
      where id = $1`,
    [
      p.connectionId,
      p.status,
      p.error,
      p.mfaLabel !== undefined,
      p.mfaLabel ?? null,
      p.synced === true,
      p.readFrom !== undefined,
      p.readFrom ?? null,
      p.notifiedStatus !== undefined,
      p.notifiedStatus ?? null,
    ],
  )
}

export async function deleteConnectionRow(
  db: Queryable,
  { ledgerId, connectionId }: { ledgerId: number; connectionId: number },
): Promise<void> {
  await db.query('delete from bank_connections where ledger_id = $1 and id = $2', [
    ledgerId,
    connectionId,
  ])
}

/** Every connection of the ledgers a person owns (account deletion, export). */
export async function connectionsOfOwner(
  db: Queryable,
  { userId }: { userId: string },
): Promise<ConnectionRow[]> {
  const { rows } = await db.query<Raw>(
    `select ${FIELDS} from bank_connections c join ledgers l on l.id = c.ledger_id
      where l.owner_user_id = $1 order by c.id`,
    [userId],
  )
  return rows.map(toRow)
}

/** Connections the daily sync re-reads (not waiting on the person). */
export async function connectionsToRefresh(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select id::int from bank_connections where status in ('ok', 'outdated', 'syncing') order by id`,
  )
  return rows.map((r) => r.id)
}

// ---- accounts of a connection ----

export async function connectionAccounts(
  db: Queryable,
  { connectionId }: { connectionId: number },
): Promise<Map<string, { accountId: number; balanced: boolean }>> {
  const { rows } = await db.query<{ remote_id: string; account_id: string; balanced: boolean }>(
    'select remote_id, account_id, balanced from bank_connection_accounts where connection_id = $1',
    [connectionId],
  )
  return new Map(
    rows.map((r) => [r.remote_id, { accountId: Number(r.account_id), balanced: r.balanced }]),
  )
}

export async function mapConnectionAccount(
  db: Queryable,
  p: { connectionId: number; remoteId: string; accountId: number },
): Promise<void> {
  await db.query(
    `insert into bank_connection_accounts (connection_id, remote_id, account_id) values ($1, $2, $3)
     on conflict do nothing`,
    [p.connectionId, p.remoteId, p.accountId],
  )
}

export async function markAccountBalanced(
  db: Queryable,
  p: { connectionId: number; remoteId: string },
): Promise<void> {
  await db.query(
    'update bank_connection_accounts set balanced = true where connection_id = $1 and remote_id = $2',
    [p.connectionId, p.remoteId],
  )
}

// ---- synced transactions ----

export type SyncedRow = {
  remote_id: string
  remote_account_id: string
  transaction_id: number | null
  transfer_id: number | null
  created: boolean
}

export async function syncedRows(
  db: Queryable,
  { connectionId, remoteIds }: { connectionId: number; remoteIds: readonly string[] },
): Promise<Map<string, SyncedRow>> {
  if (remoteIds.length === 0) return new Map()
  const { rows } = await db.query<
    SyncedRow & { transaction_id: string | null; transfer_id: string | null }
  >(
    `select remote_id, remote_account_id, transaction_id, transfer_id, created
       from bank_synced_transactions where connection_id = $1 and remote_id = any($2::text[])`,
    [connectionId, remoteIds],
  )
  return new Map(
    rows.map((r) => [
      r.remote_id,
      {
        ...r,
        transaction_id: r.transaction_id === null ? null : Number(r.transaction_id),
        transfer_id: r.transfer_id === null ? null : Number(r.transfer_id),
      },
    ]),
  )
}

export async function insertSyncedRows(
  db: Queryable,
  connectionId: number,
  rows: readonly SyncedRow[],
): Promise<void> {
  if (rows.length === 0) return
  await db.query(
    `insert into bank_synced_transactions
       (connection_id, remote_id, remote_account_id, transaction_id, transfer_id, created)
     select $1, * from unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bool[])
     on conflict (connection_id, remote_id) do nothing`,
    [
      connectionId,
      rows.map((r) => r.remote_id),
      rows.map((r) => r.remote_account_id),
      rows.map((r) => r.transaction_id),
      rows.map((r) => r.transfer_id),
      rows.map((r) => r.created),
    ],
  )
}

export async function deleteSyncedRows(
  db: Queryable,
  { connectionId, remoteIds }: { connectionId: number; remoteIds: readonly string[] },
): Promise<void> {
  if (remoteIds.length === 0) return
  await db.query(
    'delete from bank_synced_transactions where connection_id = $1 and remote_id = any($2::text[])',
    [connectionId, remoteIds],
  )
}

/** What a connection created (entries, transfers, accounts): what delete_data removes. */
export async function createdByConnection(
  db: Queryable,
  { connectionId }: { connectionId: number },
) {
  const { rows } = await db.query<{ transaction_id: string | null; transfer_id: string | null }>(
    `select transaction_id, transfer_id from bank_synced_transactions
      where connection_id = $1 and created`,
    [connectionId],
  )
  const accounts = await connectionAccounts(db, { connectionId })
  return {
    transactionIds: rows.flatMap((r) => (r.transaction_id ? [Number(r.transaction_id)] : [])),
    transferIds: rows.flatMap((r) => (r.transfer_id ? [Number(r.transfer_id)] : [])),
    accountIds: [...accounts.values()].map((a) => a.accountId),
  }
}

// ---- webhook hints and events ----

export async function addHints(
  db: Queryable,
  p: { connectionId: number; remoteAccountId: string; remoteIds: readonly string[] },
): Promise<void> {
  if (p.remoteIds.length === 0) return
  await db.query(
    `insert into bank_sync_hints (connection_id, remote_account_id, remote_id)
     select $1, $2, unnest($3::text[])
     on conflict (connection_id, remote_id) do update set remote_account_id = excluded.remote_account_id`,
    [p.connectionId, p.remoteAccountId, p.remoteIds],
  )
}

/*
 * A hint that arrives again while a sync is reading it (a 'deleted' event right after an
 * 'updated' one) must survive that sync: adding it again writes a new row version (xmin), and a
 * sync clears only the versions it read.
 */
export type Hint = { remote_account_id: string; remote_id: string; version: string }

export async function pendingHints(
  db: Queryable,
  { connectionId }: { connectionId: number },
): Promise<Hint[]> {
  const { rows } = await db.query<Hint>(
    'select remote_account_id, remote_id, xmin::text as version from bank_sync_hints where connection_id = $1',
    [connectionId],
  )
  return rows
}

export async function clearHints(
  db: Queryable,
  { connectionId, hints }: { connectionId: number; hints: readonly Hint[] },
): Promise<void> {
  await db.query(
    `delete from bank_sync_hints h using unnest($2::text[], $3::text[]) r(remote_id, version)
     where h.connection_id = $1 and h.remote_id = r.remote_id and h.xmin::text = r.version`,
    [connectionId, hints.map((h) => h.remote_id), hints.map((h) => h.version)],
  )
}

/** True the first time an event id is seen. */
export async function firstSeenEvent(db: Queryable, eventId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'insert into pluggy_webhook_events (event_id) values ($1) on conflict do nothing',
    [eventId],
  )
  return rowCount === 1
}

/** The consent's end as the aggregator reported it on this sync (null: not reported). */
export async function setConsentExpiry(
  db: Queryable,
  { connectionId, at }: { connectionId: number; at: string | null },
): Promise<void> {
  await db.query('update bank_connections set consent_expires_at = $2 where id = $1', [
    connectionId,
    at,
  ])
}

/** Marks the reminder sent for this expiry; false when it already was (run twice). */
export async function markConsentReminded(
  db: Queryable,
  { connectionId, at }: { connectionId: number; at: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update bank_connections set consent_reminded_for = $2
      where id = $1 and consent_reminded_for is distinct from $2::timestamptz`,
    [connectionId, at],
  )
  return rowCount === 1
}
