import {
  type Category,
  type EntrySource,
  type EntryType,
  type Transaction,
  type TransactionPage,
  isRealDate,
} from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import { type EntryFilters, filterConditions } from './transaction-filters.ts'

/** The columns the API returns, in its order, from rows `t` (transactions or a CTE of them). */
const COLUMNS = `t.id, t.type, t.amount_cents, t.description, t.category, t.occurred_on,
  t.created_at, t.source,
  case when cb.id is null then null else json_build_object('id', cb.id, 'name', cb.name) end
    as created_by,
  t.account_id,
  case when cc.id is null then null
       else json_build_object('id', cc.id, 'name', cc.name, 'emoji', cc.emoji) end
    as custom_category`
/**
 * Who recorded each entry (ARCHITECTURE §8: every transaction carries created_by {id, name}),
 * and the category of one's own it is in (ADR 026).
 */
const CREATOR = `left join profiles cb on cb.id = t.created_by
  left join custom_categories cc on cc.id = t.custom_category_id`
/** Entries of a ledger, with their creator. */
const FROM = `transactions t ${CREATOR}`

type Row = Omit<Transaction, 'created_at'> & { created_at: Date }
/** An entry as stored (created_by.id is who recorded it: the assistant undoes one's own). */
export type StoredTransaction = Transaction

function toTransaction(row: Row): Transaction {
  return { ...row, created_at: row.created_at.toISOString() }
}

export type NewEntry = {
  type: EntryType
  amount_cents: number
  description: string
  category: Category
  occurred_on: string
  /** A category of one's own (ADR 026), checked by the caller: its base is `category`. */
  custom_category_id?: number | null
}

/** Entries recorded together; `installment` labels 'TV (2/12)' (migration 010). */
export type EntryGroup = { id: string; installment?: { number: number; count: number } }

/** Inserts one entry. The caller has claimed the month's slot in the same transaction. */
export async function insertTransaction(
  db: Queryable,
  params: {
    ledgerId: number
    createdBy: string
    entry: NewEntry
    source: EntrySource
    whatsappMessageId?: string | null
    /** The person said 'sim' to an amount over MAX_ENTRY_CENTS. */
    confirmedLarge?: boolean
    /** Entries recorded together (one message's items, one purchase's installments). */
    group?: EntryGroup
    /** An account of this ledger (checked by the caller); null: the default account. */
    accountId?: number | null
  },
): Promise<Transaction> {
  const { entry, group } = params
  const { rows } = await db.query<Row>(
    `with t as (
       insert into transactions
         (ledger_id, created_by, type, amount_cents, description, category, occurred_on, source,
          whatsapp_message_id, confirmed_large, entry_group, installment_number, installment_count,
          account_id, custom_category_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       returning *)
     select ${COLUMNS} from t ${CREATOR}`,
    [
      params.ledgerId,
      params.createdBy,
      entry.type,
      entry.amount_cents,
      entry.description,
      entry.category,
      entry.occurred_on,
      params.source,
      params.whatsappMessageId ?? null,
      params.confirmedLarge ?? false,
      group?.id ?? null,
      group?.installment?.number ?? null,
      group?.installment?.count ?? null,
      params.accountId ?? null,
      entry.custom_category_id ?? null,
    ],
  )
  return toTransaction(rows[0] as Row)
}

/** One entry of insertEntries: insertTransaction's parameters. */
export type NewEntryRow = Parameters<typeof insertTransaction>[1]

/**
 * insertTransaction for many entries (of one or many ledgers) in ONE statement (a batch of
 * WhatsApp messages, ADR 024 2026-11-26 late; the recurring_entries run): the totals triggers run once for the statement
 * (transition tables, migration 043). Returned in the order given. An entry without an account
 * gets its ledger's default here, as migration 018's row trigger would give it.
 */
export async function insertEntries(
  db: Queryable,
  entries: readonly NewEntryRow[],
): Promise<Transaction[]> {
  if (entries.length === 0) return []
  const { rows } = await db.query<Row>(
    `with x as (
       select * from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[],
                            $6::text[], $7::date[], $8::text[], $9::text[], $10::boolean[],
                            $11::uuid[], $12::int[], $13::int[], $14::bigint[], $15::bigint[])
                with ordinality
                as x(ledger_id, created_by, type, amount_cents, description, category,
                     occurred_on, source, whatsapp_message_id, confirmed_large, entry_group,
                     installment_number, installment_count, account_id, custom_category_id,
                     ord)),
     ins as (
       insert into transactions
         (ledger_id, created_by, type, amount_cents, description, category, occurred_on, source,
          whatsapp_message_id, confirmed_large, entry_group, installment_number, installment_count,
          account_id, custom_category_id)
       select ledger_id, created_by, type, amount_cents, description, category, occurred_on,
              source, whatsapp_message_id, confirmed_large, entry_group, installment_number,
              installment_count,
              coalesce(account_id,
                       (select a.id from accounts a where a.ledger_id = x.ledger_id and a.is_default)),
              custom_category_id
         from x order by ord
       returning *)
     select ${COLUMNS} from ins as t ${CREATOR} order by t.id`,
    [
      entries.map((e) => e.ledgerId),
      entries.map((e) => e.createdBy),
      entries.map((e) => e.entry.type),
      entries.map((e) => e.entry.amount_cents),
      entries.map((e) => e.entry.description),
      entries.map((e) => e.entry.category),
      entries.map((e) => e.entry.occurred_on),
      entries.map((e) => e.source),
      entries.map((e) => e.whatsappMessageId ?? null),
      entries.map((e) => e.confirmedLarge ?? false),
      entries.map((e) => e.group?.id ?? null),
      entries.map((e) => e.group?.installment?.number ?? null),
      entries.map((e) => e.group?.installment?.count ?? null),
      entries.map((e) => e.accountId ?? null),
      entries.map((e) => e.entry.custom_category_id ?? null),
    ],
  )
  // Inserted in `ord` order, their identity values drawn as they go: sorted by id they come
  // back in the order given.
  return rows.map(toTransaction)
}

/** `limit` + 1 rows tell whether a next page exists without a count. */
export async function listTransactions(
  db: Queryable,
  params: EntryFilters & {
    limit: number
    cursor?: Cursor | null
  },
): Promise<TransactionPage> {
  const { where, values } = filterConditions(params)
  if (params.cursor) {
    values.push(params.cursor.occurredOn, params.cursor.id)
    where.push(`(t.occurred_on, t.id) < ($${values.length - 1}::date, $${values.length}::bigint)`)
  }
  values.push(params.limit + 1)
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM}
      where ${where.join(' and ')}
      order by t.occurred_on desc, t.id desc
      limit $${values.length}`,
    values,
  )
  const page = rows.slice(0, params.limit).map(toTransaction)
  const last = page.at(-1)
  return {
    data: page,
    next_cursor:
      rows.length > params.limit && last
        ? encodeCursor({ occurredOn: last.occurred_on, id: last.id })
        : null,
  }
}

export async function getTransaction(
  db: Queryable,
  { ledgerId, id, forUpdate = false }: { ledgerId: number; id: number; forUpdate?: boolean },
): Promise<StoredTransaction | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM} where t.ledger_id = $1 and t.id = $2
     ${forUpdate ? 'for update of t' : ''}`,
    [ledgerId, id],
  )
  const row = rows[0]
  return row ? toTransaction(row) : null
}

/** Writes the given (already merged and validated) fields of an entry of this ledger. */
export async function updateTransaction(
  db: Queryable,
  {
    ledgerId,
    id,
    entry,
    accountId,
  }: { ledgerId: number; id: number; entry: NewEntry; accountId: number },
): Promise<Transaction | null> {
  const { rows } = await db.query<Row>(
    `with t as (
       update transactions
          set type = $3, amount_cents = $4, description = $5, category = $6, occurred_on = $7,
              account_id = $8, custom_category_id = $9, updated_at = now()
        where ledger_id = $1 and id = $2
        returning *)
     select ${COLUMNS} from t ${CREATOR}`,
    [
      ledgerId,
      id,
      entry.type,
      entry.amount_cents,
      entry.description,
      entry.category,
      entry.occurred_on,
      accountId,
      entry.custom_category_id ?? null,
    ],
  )
  return rows[0] ? toTransaction(rows[0]) : null
}

/** Removes an entry of this ledger; the deleted row (with when it was recorded), or null. */
export async function deleteTransaction(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<Transaction | null> {
  const { rows } = await db.query<Row>(
    `with t as (delete from transactions where ledger_id = $1 and id = $2 returning *)
     select ${COLUMNS} from t ${CREATOR}`,
    [ledgerId, id],
  )
  return rows[0] ? toTransaction(rows[0]) : null
}

/** The most recently recorded entries of a ledger, newest first ('últimos'). */
export async function recentTransactions(
  db: Queryable,
  { ledgerId, limit }: { ledgerId: number; limit: number },
): Promise<Transaction[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM} where t.ledger_id = $1 order by t.id desc limit $2`,
    [ledgerId, limit],
  )
  return rows.map(toTransaction)
}

/** The last entry this person recorded in the ledger ('desfazer', 'corrigir último'). */
export async function lastTransactionBy(
  db: Queryable,
  {
    ledgerId,
    userId,
    forUpdate = false,
  }: { ledgerId: number; userId: string; forUpdate?: boolean },
): Promise<Transaction | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM}
      where t.ledger_id = $1 and t.created_by = $2
      order by t.id desc limit 1 ${forUpdate ? 'for update of t' : ''}`,
    [ledgerId, userId],
  )
  return rows[0] ? toTransaction(rows[0]) : null
}

/** Keyset position: the last row of a page. Opaque to clients (base64url). */
export type Cursor = { occurredOn: string; id: number }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.occurredOn}~${cursor.id}`).toString('base64url')
}

/** null for anything that is not a cursor this server made. */
export function decodeCursor(text: string): Cursor | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8')
  const m = /^(\d{4}-\d{2}-\d{2})~(\d{1,15})$/.exec(decoded)
  if (!m || !isRealDate(m[1] as string)) return null
  return { occurredOn: m[1] as string, id: Number(m[2]) }
}
