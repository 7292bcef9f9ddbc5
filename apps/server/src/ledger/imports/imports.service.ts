import { categorize } from '@equilibrai/assistant'
import {
  type Category,
  type CsvMapping,
  csvMappingSchema,
  type EntrySource,
  type ImportCommit,
  type ImportDetail,
  type ImportItemsQuery,
  type ImportSummary,
  type Transaction,
} from '@equilibrai/shared'
import { emitWebhookEvents } from '../../events/index.ts'
import type { Queryable } from '../../platform/index.ts'
import type { LedgerRef } from '../../tenancy/index.ts'
import { defaultAccount, usableAccount } from '../accounts/accounts.queries.ts'
import { recordTransfer } from '../accounts/transfers.queries.ts'
import { entriesWritten } from '../entry-hooks.ts'
import { LimitReachedError } from '../errors.ts'
import { claimEntrySlots, getUsage } from '../monthly-limit.ts'
import { ImportItemNotMatchedError, ImportNotFoundError } from './errors.ts'
import {
  committedRowCounts,
  getImportRow,
  type ImportedEntry,
  type ImportRow,
  importSummary,
  insertItems,
  insertNewEntries,
  learnedWords,
  loadItems,
  rowKey,
  type StoredItem,
  savedMapping,
  saveMapping,
  typedEntries,
  updateItems,
} from './imports.queries.ts'
import { matchRows } from './match.ts'
import { parseStatement } from './parse-statement.ts'
import type { ParsedStatement } from './statement.ts'

function span(items: readonly { date: string }[]): { from: string; to: string } {
  let from = items[0]?.date ?? '1970-01-01'
  let to = from
  for (const x of items) {
    if (x.date < from) from = x.date
    if (x.date > to) to = x.date
  }
  return { from, to }
}

/** Marks rows already committed on the account as duplicates (identical rows are counted). */
async function markDuplicates(db: Queryable, accountId: number, items: StoredItem[]) {
  if (items.length === 0) return
  const { from, to } = span(items)
  const existing = await committedRowCounts(db, { accountId, from, to })
  if (existing.size === 0) return
  const seen = new Map<string, number>()
  for (const item of items) {
    const key = rowKey(item)
    const n = (seen.get(key) ?? 0) + 1
    seen.set(key, n)
    if (n <= (existing.get(key) ?? 0)) {
      item.state = 'duplicate'
      item.transaction_id = null
      item.review = false
    }
  }
}

/** Matches the non-duplicate entry rows with typed entries on the account or the default one. */
async function markMatches(
  db: Queryable,
  { ledgerId, accountIds, items }: { ledgerId: number; accountIds: number[]; items: StoredItem[] },
) {
  const open = items.filter((x) => x.state === 'new' && x.type !== 'transfer' && !x.unmatched)
  if (open.length === 0) return
  const { from, to } = span(open)
  const entries = await typedEntries(db, { ledgerId, accountIds, from, to })
  const matches = matchRows(open, entries)
  for (const item of open) {
    const m = matches.get(item.ord)
    if (!m) continue
    item.state = 'matched'
    item.transaction_id = m.transactionId
    item.review = m.review
  }
}

/**
 * Reads a statement file and stores its preview (nothing recorded): each row new, duplicate
 * (already imported on this account) or matched (an entry already typed). ARCHITECTURE §10.
 */
export async function previewImport(
  db: Queryable,
  params: {
    ledger: LedgerRef
    userId: string
    accountId?: number | null
    bytes: Uint8Array
    mapping?: CsvMapping | null
    /** The file already read (WhatsApp reads it first to pick the account). */
    parsed?: ParsedStatement
  },
): Promise<ImportSummary> {
  const { ledgerId } = params.ledger
  const main = await defaultAccount(db, { ledgerId })
  const account =
    params.accountId == null
      ? main
      : await usableAccount(db, { ledgerId, accountId: params.accountId })
  const stored = params.mapping
    ? null
    : csvMappingSchema.safeParse(await savedMapping(db, { accountId: account.id }))
  const mapping = params.mapping ?? (stored?.success ? stored.data : null)
  const parsed = params.parsed ?? (await parseStatement(params.bytes, mapping))
  if (params.mapping && parsed.format === 'csv') {
    await saveMapping(db, { accountId: account.id, mapping: params.mapping })
  }
  const learned = (await learnedWords(db, { ledgerId })) as Record<string, Category>
  const items: StoredItem[] = parsed.rows.map((row, i) => ({
    ord: i + 1,
    date: row.date,
    description: row.description,
    amount_cents: row.amount_cents,
    type: row.type,
    category: row.type === 'transfer' ? null : categorize(row.description, row.type, learned),
    fitid: row.fitid,
    state: 'new',
    transaction_id: null,
    transfer_id: null,
    review: false,
    unmatched: false,
  }))
  await markDuplicates(db, account.id, items)
  await markMatches(db, { ledgerId, accountIds: [...new Set([account.id, main.id])], items })
  const { rows } = await db.query<{ id: string }>(
    `insert into imports (ledger_id, account_id, created_by, format, period_from, period_to)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      ledgerId,
      account.id,
      params.userId,
      parsed.format,
      parsed.period?.from ?? null,
      parsed.period?.to ?? null,
    ],
  )
  const importId = Number(rows[0]?.id)
  await insertItems(db, importId, items)
  const imp = await getImportRow(db, { ledgerId, importId })
  if (!imp) throw new ImportNotFoundError()
  return importSummary(db, imp)
}

/**
 * Moves a preview to another account of the ledger (the answer to 'De qual conta é este
 * extrato?'): its rows are compared again with that account's imported rows and typed entries.
 * Rows the person unmatched stay unmatched.
 */
export async function moveImport(
  tx: Queryable,
  p: { ledger: LedgerRef; importId: number; accountId: number },
): Promise<ImportSummary> {
  const { ledgerId } = p.ledger
  const imp = await getImportRow(tx, { ledgerId, importId: p.importId, forUpdate: true })
  if (!imp) throw new ImportNotFoundError()
  if (imp.status === 'committed') return importSummary(tx, imp)
  const account = await usableAccount(tx, { ledgerId, accountId: p.accountId })
  const main = await defaultAccount(tx, { ledgerId })
  const items: StoredItem[] = (await loadItems(tx, imp.id)).map((x) => ({
    ...x,
    state: 'new',
    transaction_id: null,
    review: false,
  }))
  await markDuplicates(tx, account.id, items)
  await markMatches(tx, { ledgerId, accountIds: [...new Set([account.id, main.id])], items })
  await tx.query('update imports set account_id = $2 where id = $1', [imp.id, account.id])
  await updateItems(tx, imp.id, items)
  return importSummary(tx, { ...imp, account_id: account.id })
}

/**
 * An import with its rows: all of them, or (with `limit`) a page after `cursor` in file order;
 * `review` keeps the "a conferir" rows only.
 */
export async function getImport(
  db: Queryable,
  {
    ledgerId,
    importId,
    query = {},
  }: { ledgerId: number; importId: number; query?: ImportItemsQuery },
): Promise<ImportDetail> {
  const imp = await getImportRow(db, { ledgerId, importId })
  if (!imp) throw new ImportNotFoundError()
  const review = query.review === undefined ? undefined : query.review === 'true'
  // One row more than the page: whether there is a next page, without counting.
  const items = await loadItems(db, importId, {
    after: query.cursor ?? 0,
    limit: query.limit === undefined ? undefined : query.limit + 1,
    review,
  })
  const more = query.limit !== undefined && items.length > query.limit
  const page = more ? items.slice(0, query.limit) : items
  return {
    ...(await importSummary(db, imp)),
    items: page.map(({ fitid: _f, transfer_id: _t, unmatched: _u, ...item }) => item),
    next_cursor: more ? String(page[page.length - 1]?.ord) : null,
  }
}

type NewRow = { item: StoredItem; accountId: number }

/** Inserts imported entries in one statement; returns their ids in the order given. */
async function insertImported(
  tx: Queryable,
  p: { ledgerId: number; userId: string; source: EntrySource; importId: number; rows: NewRow[] },
): Promise<number[]> {
  const ids: number[] = []
  // transaction.created for each entry, when the ledger has an endpoint listening for it.
  const { rows: listening } = await tx.query(
    `select 1 from webhook_endpoints
      where ledger_id = $1 and disabled_at is null and 'transaction.created' = any (events) limit 1`,
    [p.ledgerId],
  )
  for (let i = 0; i < p.rows.length; i += 5000) {
    const part = p.rows.slice(i, i + 5000)
    const { rows } = await tx.query<Record<string, unknown> & { id: string }>(
      `with x as (
         select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::date[],
                              $6::bigint[], $11::int[]) with ordinality
                  as x(type, amount_cents, description, category, occurred_on, account_id,
                       item_ord, ord)),
       ins as (
         insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                   occurred_on, source, account_id, import_id, import_ord,
                                   bank_seen_at)
         select $7, $8, type, amount_cents, description, category, occurred_on, $9, account_id,
                $10, item_ord, now()
           from x order by ord
         returning id, type, amount_cents, description, category, occurred_on::text, source,
                   account_id, created_at)
       select * from ins order by id`,
      [
        part.map((r) => r.item.type),
        part.map((r) => r.item.amount_cents),
        part.map((r) => r.item.description),
        part.map((r) => r.item.category),
        part.map((r) => r.item.date),
        part.map((r) => r.accountId),
        p.ledgerId,
        p.userId,
        p.source,
        p.importId,
        part.map((r) => r.item.ord),
      ],
    )
    if (listening.length > 0) {
      await emitWebhookEvents(
        tx,
        rows.map((data) => ({
          ledgerId: p.ledgerId,
          type: 'transaction.created' as const,
          data: { ...data, id: Number(data.id), amount_cents: Number(data.amount_cents) },
        })),
      )
    }
    ids.push(...rows.map((r) => Number(r.id)))
  }
  return ids
}

const asEntry = (data: ImportedEntry) =>
  ({ ...data, id: Number(data.id), amount_cents: Number(data.amount_cents) }) as Transaction

/** transaction.created for each entry, when the ledger has an endpoint listening for it. */
async function emitCreated(tx: Queryable, ledgerId: number, rows: ImportedEntry[]) {
  if (rows.length === 0) return
  const { rows: listening } = await tx.query(
    `select 1 from webhook_endpoints
      where ledger_id = $1 and disabled_at is null and 'transaction.created' = any (events) limit 1`,
    [ledgerId],
  )
  if (listening.length === 0) return
  await emitWebhookEvents(
    tx,
    rows.map((data) => ({
      ledgerId,
      type: 'transaction.created' as const,
      data: asEntry(data),
    })),
  )
}

/** Claims `n` entry slots of the owner's month (imported entries count like any entry). */
async function claimSlots(tx: Queryable, ownerId: string, n: number) {
  if (n === 0) return
  const granted = await claimEntrySlots(tx, new Map([[ownerId, n]]))
  if ((granted.get(ownerId) ?? 0) < n) {
    const usage = await getUsage(tx, { ownerId })
    throw new LimitReachedError(usage.limit, usage.plan_name)
  }
}

/** The other side of a card-bill payment row: the default account for a card, else the card. */
async function counterAccount(tx: Queryable, ledgerId: number, accountId: number) {
  const { rows } = await tx.query<{ id: string; kind: string; is_default: boolean }>(
    `select id, kind, is_default from accounts where ledger_id = $1 and not archived`,
    [ledgerId],
  )
  const self = rows.find((r) => Number(r.id) === accountId)
  if (!self) return null
  if (self.kind === 'credit_card') {
    const main = rows.find((r) => r.is_default && Number(r.id) !== accountId)
    return main ? { from: Number(main.id), to: accountId } : null
  }
  const cards = rows.filter((r) => r.kind === 'credit_card')
  return cards.length === 1 ? { from: accountId, to: Number(cards[0]?.id) } : null
}

/**
 * Commits a preview: records its new rows into the import's account, links the matched ones
 * (the typed entry stays and is marked as seen in the bank); its committed rows make the same
 * file never record twice. Idempotent: a committed import answers its first result.
 */
export async function commitImport(
  tx: Queryable,
  p: { ledger: LedgerRef; userId: string; importId: number; source: EntrySource },
): Promise<ImportCommit> {
  const { ledgerId, ownerId } = p.ledger
  const imp = await getImportRow(tx, { ledgerId, importId: p.importId, forUpdate: true })
  if (!imp) throw new ImportNotFoundError()
  if (imp.status === 'committed') return { recorded: imp.recorded, linked: imp.linked }
  // One commit at a time per account: the duplicate check below sees every earlier commit.
  await tx.query('select id from accounts where id = $1 for update', [imp.account_id])
  const items = await loadItems(tx, imp.id)
  const before = new Map(items.map((x) => [x.ord, `${x.state}|${x.transaction_id}|${x.review}`]))
  const live = items.filter((x) => x.state !== 'duplicate')
  await markDuplicates(tx, imp.account_id, live)
  const matched = live.filter((x) => x.state === 'matched' && x.transaction_id !== null)
  const { rows: seen } = await tx.query<{ id: string }>(
    `update transactions set bank_seen_at = now()
      where ledger_id = $1 and id = any($2::bigint[]) and bank_seen_at is null returning id`,
    [ledgerId, matched.map((x) => x.transaction_id)],
  )
  const linkedIds = new Set(seen.map((r) => Number(r.id)))
  for (const x of matched) {
    if (!linkedIds.has(x.transaction_id as number)) {
      // The typed entry was deleted or linked elsewhere since the preview: record the row.
      x.state = 'new'
      x.transaction_id = null
      x.review = false
    }
  }
  const fresh = live.filter((x) => x.state === 'new')
  const entryCount = fresh.filter((x) => x.type !== 'transfer').length
  await claimSlots(tx, ownerId, entryCount)
  // Only the rows whose state changed since the preview are written back one by one; the new
  // rows' links to their entries are written by the insert itself (insertNewEntries).
  await updateItems(
    tx,
    imp.id,
    items.filter((x) => before.get(x.ord) !== `${x.state}|${x.transaction_id}|${x.review}`),
  )
  const inserted = await insertNewEntries(tx, {
    importId: imp.id,
    ledgerId,
    userId: p.userId,
    source: p.source,
    accountId: imp.account_id,
    rows: items.length,
  })
  await emitCreated(tx, ledgerId, inserted)
  // Budget alerts, as typed entries get them: once per budget the import moves (app/hooks.ts).
  await entriesWritten(tx, { ledger: p.ledger, entries: inserted.map(asEntry) })
  let transfers = 0
  const transferRows = fresh.filter((x) => x.type === 'transfer')
  const sides = transferRows.length ? await counterAccount(tx, ledgerId, imp.account_id) : null
  if (sides) {
    for (const x of transferRows) {
      const t = await recordTransfer(tx, {
        ledgerId,
        createdBy: p.userId,
        transfer: {
          from_account_id: sides.from,
          to_account_id: sides.to,
          amount_cents: x.amount_cents,
          occurred_on: x.date,
          description: x.description,
        },
        source: p.source,
        allowArchivedDestination: true,
      })
      x.transfer_id = t.id
      transfers++
    }
    await updateItems(tx, imp.id, transferRows)
  }
  const entries = inserted
  const result = { recorded: entries.length + transfers, linked: linkedIds.size }
  await tx.query(
    `update imports set status = 'committed', committed_at = now(), recorded = $2, linked = $3
      where id = $1`,
    [imp.id, result.recorded, result.linked],
  )
  return result
}

/**
 * Undoes a wrong match (the person says the bank's row is not the entry they typed): the row
 * will be recorded on its own (now, when the import is already committed) and never matched
 * again; the typed entry is no longer marked as seen in the bank.
 */
export async function unmatchItem(
  tx: Queryable,
  p: { ledger: LedgerRef; userId: string; importId: number; ord: number; source: EntrySource },
): Promise<ImportDetail['items'][number]> {
  const { ledgerId } = p.ledger
  const imp: ImportRow | null = await getImportRow(tx, {
    ledgerId,
    importId: p.importId,
    forUpdate: true,
  })
  if (!imp) throw new ImportNotFoundError()
  const items = await loadItems(tx, imp.id)
  const item = items.find((x) => x.ord === p.ord)
  if (!item) throw new ImportNotFoundError()
  if (item.state !== 'matched' || item.transaction_id === null)
    throw new ImportItemNotMatchedError()
  const typedId = item.transaction_id
  item.state = 'new'
  item.transaction_id = null
  item.review = false
  item.unmatched = true
  if (imp.status === 'committed') {
    await tx.query('update transactions set bank_seen_at = null where ledger_id = $1 and id = $2', [
      ledgerId,
      typedId,
    ])
    await claimSlots(tx, p.ledger.ownerId, 1)
    const [id] = await insertImported(tx, {
      ledgerId,
      userId: p.userId,
      source: p.source,
      importId: imp.id,
      rows: [{ item, accountId: imp.account_id }],
    })
    item.transaction_id = id ?? null
    await tx.query(
      'update imports set recorded = recorded + 1, linked = linked - 1 where id = $1',
      [imp.id],
    )
  }
  await updateItems(tx, imp.id, [item])
  const { fitid: _f, transfer_id: _t, unmatched: _u, ...rest } = item
  return rest
}
