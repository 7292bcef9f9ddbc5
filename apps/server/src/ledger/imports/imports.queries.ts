import type { ImportItem, ImportSummary } from '@equilibrai/shared'
import type { Queryable } from '../../platform/index.ts'
import type { StatementRow } from './statement.ts'

/** A row of an import as stored (the API's item plus what the commit needs). */
export type StoredItem = ImportItem & {
  fitid: string | null
  transfer_id: number | null
  unmatched: boolean
}

export type ImportRow = {
  id: number
  ledger_id: number
  account_id: number
  format: ImportSummary['format']
  status: ImportSummary['status']
  period_from: string | null
  period_to: string | null
  recorded: number
  linked: number
}

/** What "already imported" compares: account (implied), date, amount, type, description, id. */
export const rowKey = (
  r: Pick<StatementRow, 'date' | 'amount_cents' | 'type' | 'description' | 'fitid'>,
) => `${r.date}|${r.amount_cents}|${r.type}|${r.description}|${r.fitid ?? ''}`

/**
 * How many times each row key was already committed on the account, within [from, to]: the
 * committed imports' rows that were not duplicates (ADR 035: no second copy of them).
 */
export async function committedRowCounts(
  db: Queryable,
  { accountId, from, to }: { accountId: number; from: string; to: string },
): Promise<Map<string, number>> {
  const { rows } = await db.query<{
    date: string
    amount_cents: string
    type: StatementRow['type']
    description: string
    fitid: string
    n: number
  }>(
    `select ii.occurred_on::text as date, ii.amount_cents, ii.type, ii.description,
            coalesce(ii.fitid, '') as fitid, count(*)::int as n
       from imports i join import_items ii on ii.import_id = i.id
      where i.account_id = $1 and i.status = 'committed' and ii.state <> 'duplicate'
        and ii.occurred_on between $2 and $3
      group by 1, 2, 3, 4, 5`,
    [accountId, from, to],
  )
  const counts = new Map<string, number>()
  for (const r of rows) {
    counts.set(rowKey({ ...r, amount_cents: Number(r.amount_cents), fitid: r.fitid || null }), r.n)
  }
  return counts
}

/** Entries typed (not imported, not yet seen in the bank) on these accounts around [from, to]. */
export async function typedEntries(
  db: Queryable,
  {
    ledgerId,
    accountIds,
    from,
    to,
  }: { ledgerId: number; accountIds: number[]; from: string; to: string },
) {
  const { rows } = await db.query<{
    id: string
    occurred_on: string
    amount_cents: string
    type: string
    description: string
  }>(
    `select id, occurred_on::text, amount_cents, type, description from transactions
      where ledger_id = $1 and account_id = any($2::bigint[]) and import_id is null
        and bank_seen_at is null
        and occurred_on between $3::date - 3 and $4::date + 3`,
    [ledgerId, accountIds, from, to],
  )
  return rows.map((r) => ({ ...r, id: Number(r.id), amount_cents: Number(r.amount_cents) }))
}

/** A ledger's taught words (the assistant's learned_category_words), word → category. */
export async function learnedWords(db: Queryable, { ledgerId }: { ledgerId: number }) {
  const { rows } = await db.query<{ word: string; category: string }>(
    'select word, category from learned_category_words where ledger_id = $1',
    [ledgerId],
  )
  const words: Record<string, string> = Object.create(null)
  for (const r of rows) words[r.word] = r.category
  return words
}

export async function savedMapping(db: Queryable, { accountId }: { accountId: number }) {
  const { rows } = await db.query<{ mapping: unknown }>(
    'select mapping from csv_mappings where account_id = $1',
    [accountId],
  )
  return rows[0]?.mapping ?? null
}

export async function saveMapping(
  db: Queryable,
  { accountId, mapping }: { accountId: number; mapping: unknown },
) {
  await db.query(
    `insert into csv_mappings (account_id, mapping) values ($1, $2::jsonb)
     on conflict (account_id) do update set mapping = excluded.mapping, updated_at = now()`,
    [accountId, JSON.stringify(mapping)],
  )
}

const CHUNK = 5000

/** Stores the items (in chunks: one statement's parameters stay small). */
export async function insertItems(db: Queryable, importId: number, items: readonly StoredItem[]) {
  for (let i = 0; i < items.length; i += CHUNK) {
    const part = items.slice(i, i + CHUNK)
    await db.query(
      `insert into import_items (import_id, ord, occurred_on, description, amount_cents, type,
                                 category, fitid, state, transaction_id, review)
       select $1, * from unnest($2::int[], $3::date[], $4::text[], $5::bigint[], $6::text[],
                                $7::text[], $8::text[], $9::text[], $10::bigint[], $11::bool[])`,
      [
        importId,
        part.map((x) => x.ord),
        part.map((x) => x.date),
        part.map((x) => x.description),
        part.map((x) => x.amount_cents),
        part.map((x) => x.type),
        part.map((x) => x.category),
        part.map((x) => x.fitid),
        part.map((x) => x.state),
        part.map((x) => x.transaction_id),
        part.map((x) => x.review),
      ],
    )
  }
}

/** Writes items' state and links after a commit (or an undone match). */
export async function updateItems(db: Queryable, importId: number, items: readonly StoredItem[]) {
  for (let i = 0; i < items.length; i += CHUNK) {
    const part = items.slice(i, i + CHUNK)
    await db.query(
      `update import_items ii
          set state = u.state, transaction_id = u.transaction_id, transfer_id = u.transfer_id,
              review = u.review, unmatched = u.unmatched
         from unnest($2::int[], $3::text[], $4::bigint[], $5::bigint[], $6::bool[], $7::bool[])
              as u(ord, state, transaction_id, transfer_id, review, unmatched)
        where ii.import_id = $1 and ii.ord = u.ord`,
      [
        importId,
        part.map((x) => x.ord),
        part.map((x) => x.state),
        part.map((x) => x.transaction_id),
        part.map((x) => x.transfer_id),
        part.map((x) => x.review),
        part.map((x) => x.unmatched),
      ],
    )
  }
}

/** An entry an import recorded, as transaction.created carries it. */
export type ImportedEntry = Record<string, unknown> & { id: string; amount_cents: string }

/**
 * Records an import's `new` entry rows (transfers aside) in one statement read from
 * import_items: each entry names its row (import_id, import_ord), so nothing is written back
 * into import_items (ADR 035). The ledger's statement-level triggers keep the month, day and
 * account totals.
 */
export async function insertNewEntries(
  db: Queryable,
  p: {
    importId: number
    ledgerId: number
    userId: string
    source: string
    accountId: number
    rows: number
  },
): Promise<ImportedEntry[]> {
  const all: ImportedEntry[] = []
  // In ranges of rows (ord): each statement stays well inside the statement timeout.
  for (let from = 0; from < p.rows; from += CHUNK) {
    const { rows } = await db.query<ImportedEntry>(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source, account_id, import_id, import_ord,
                                 bank_seen_at)
       select $2, $3, type, amount_cents, description, category, occurred_on, $4, $5, $1, ord,
              now()
         from import_items
        where import_id = $1 and ord > $6 and ord <= $7 and state = 'new' and type <> 'transfer'
        order by ord
       returning id, type, amount_cents, description, category, occurred_on::text, source,
                 account_id, created_at`,
      [p.importId, p.ledgerId, p.userId, p.source, p.accountId, from, from + CHUNK],
    )
    all.push(...rows)
  }
  return all
}

export async function getImportRow(
  db: Queryable,
  {
    ledgerId,
    importId,
    forUpdate = false,
  }: { ledgerId: number; importId: number; forUpdate?: boolean },
): Promise<ImportRow | null> {
  const { rows } = await db.query<
    ImportRow & { id: string; account_id: string; ledger_id: string }
  >(
    `select id, ledger_id, account_id, format, status, period_from::text, period_to::text,
            recorded, linked
       from imports where id = $1 and ledger_id = $2 ${forUpdate ? 'for update' : ''}`,
    [importId, ledgerId],
  )
  const r = rows[0]
  return r
    ? { ...r, id: Number(r.id), ledger_id: Number(r.ledger_id), account_id: Number(r.account_id) }
    : null
}

export async function loadItems(
  db: Queryable,
  importId: number,
  page: { after?: number; limit?: number; review?: boolean } = {},
): Promise<StoredItem[]> {
  const { rows } = await db.query<
    StoredItem & { amount_cents: string; transaction_id: string | null; transfer_id: string | null }
  >(
    `select ii.ord, ii.occurred_on::text as date, ii.description, ii.amount_cents, ii.type,
            ii.category, ii.fitid, ii.state, coalesce(ii.transaction_id, t.id) as transaction_id,
            ii.transfer_id, ii.review, ii.unmatched
       from import_items ii
       left join transactions t on t.import_id = ii.import_id and t.import_ord = ii.ord
      where ii.import_id = $1 and ii.ord > $2 and ($4::bool is null or ii.review = $4)
      order by ii.ord limit $3`,
    [importId, page.after ?? 0, page.limit ?? null, page.review ?? null],
  )
  return rows.map((r) => ({
    ...r,
    amount_cents: Number(r.amount_cents),
    transaction_id: r.transaction_id === null ? null : Number(r.transaction_id),
    transfer_id: r.transfer_id === null ? null : Number(r.transfer_id),
  }))
}

/** The counts of an import (its items' states). */
export async function importSummary(db: Queryable, imp: ImportRow): Promise<ImportSummary> {
  const { rows } = await db.query<{
    rows: number
    new: number
    duplicates: number
    matched: number
    review: number
    from: string | null
    to: string | null
  }>(
    `select count(*)::int as rows,
            (count(*) filter (where state = 'new'))::int as new,
            (count(*) filter (where state = 'duplicate'))::int as duplicates,
            (count(*) filter (where state = 'matched'))::int as matched,
            (count(*) filter (where review))::int as review,
            min(occurred_on)::text as from, max(occurred_on)::text as to
       from import_items where import_id = $1`,
    [imp.id],
  )
  const c = rows[0] ?? {
    rows: 0,
    new: 0,
    duplicates: 0,
    matched: 0,
    review: 0,
    from: null,
    to: null,
  }
  return {
    id: imp.id,
    status: imp.status,
    format: imp.format,
    account_id: imp.account_id,
    rows: c.rows,
    new: c.new,
    duplicates: c.duplicates,
    matched: c.matched,
    review: c.review,
    period: { from: imp.period_from ?? c.from, to: imp.period_to ?? c.to },
  }
}
