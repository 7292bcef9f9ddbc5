import {
  type Category,
  type CustomCategory,
  type CustomCategoryCreate,
  type CustomCategoryPatch,
  categoryType,
  MAX_CUSTOM_CATEGORIES,
  monthRange,
} from '@equilibrai/shared'
import type { Queryable } from '../../platform/index.ts'
import { transactionTotals } from '../transaction-filters.ts'
import {
  CustomCategoryNameTakenError,
  CustomCategoryNotFoundError,
  TooManyCustomCategoriesError,
} from './errors.ts'

/*
 * A ledger's categories of its own (migration 026, ADR 026). Every function takes the ledger:
 * another ledger's category is simply not found.
 */

type Row = Omit<CustomCategory, 'type'>

const COLUMNS = `c.id, c.name, c.emoji, c.category,
  (select count(*)::int from transactions t
    where t.ledger_id = c.ledger_id and t.custom_category_id = c.id) as entries`

const withType = (row: Row): CustomCategory => ({ ...row, type: categoryType(row.category) })

const UNIQUE_VIOLATION = '23505'
function isNameTaken(error: unknown): boolean {
  return (error as { code?: string }).code === UNIQUE_VIOLATION
}

export async function listCustomCategories(
  db: Queryable,
  { ledgerId }: { ledgerId: number },
): Promise<CustomCategory[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from custom_categories c where c.ledger_id = $1 order by lower(c.name), c.id`,
    [ledgerId],
  )
  return rows.map(withType)
}

export async function getCustomCategory(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<CustomCategory | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from custom_categories c where c.ledger_id = $1 and c.id = $2`,
    [ledgerId, id],
  )
  return rows[0] ? withType(rows[0]) : null
}

/** Creates one; 409 when the name is taken (any case) or the ledger holds the most it may. */
export async function createCustomCategory(
  db: Queryable,
  { ledgerId, input }: { ledgerId: number; input: CustomCategoryCreate },
): Promise<CustomCategory> {
  try {
    // The count and the insert in one statement: two at once cannot both pass the ceiling by
    // more than the race of one row, and the unique index still holds names apart.
    const { rows } = await db.query<Row>(
      `with c as (
         insert into custom_categories (ledger_id, name, emoji, category)
         select $1, $2, $3, $4
          where (select count(*) from custom_categories where ledger_id = $1) < $5
         returning *)
       select ${COLUMNS} from c`,
      [ledgerId, input.name, input.emoji, input.category, MAX_CUSTOM_CATEGORIES],
    )
    if (!rows[0]) throw new TooManyCustomCategoriesError()
    return withType({ ...rows[0], entries: 0 })
  } catch (error) {
    if (isNameTaken(error)) throw new CustomCategoryNameTakenError()
    throw error
  }
}

/** Renames it or changes its emoji; its entries follow (they name it by id). */
export async function updateCustomCategory(
  db: Queryable,
  { ledgerId, id, patch }: { ledgerId: number; id: number; patch: CustomCategoryPatch },
): Promise<CustomCategory> {
  try {
    const { rowCount } = await db.query(
      `update custom_categories
          set name = coalesce($3, name),
              emoji = case when $4::boolean then $5 else emoji end,
              updated_at = now()
        where ledger_id = $1 and id = $2`,
      [ledgerId, id, patch.name ?? null, patch.emoji !== undefined, patch.emoji ?? null],
    )
    if (rowCount === 0) throw new CustomCategoryNotFoundError()
  } catch (error) {
    if (isNameTaken(error)) throw new CustomCategoryNameTakenError()
    throw error
  }
  const updated = await getCustomCategory(db, { ledgerId, id })
  if (!updated) throw new CustomCategoryNotFoundError()
  return updated
}

/**
 * Deletes it. Its entries stay, in the default category it sat under (the foreign key sets
 * their custom_category_id to null): nothing is lost from reports, budgets or balances.
 */
export async function deleteCustomCategory(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<void> {
  const { rowCount } = await db.query(
    'delete from custom_categories where ledger_id = $1 and id = $2',
    [ledgerId, id],
  )
  if (rowCount === 0) throw new CustomCategoryNotFoundError()
}

/** The default category a custom one sits under, for an entry being recorded into it. */
export async function customCategoryBase(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<Category | null> {
  const { rows } = await db.query<{ category: Category }>(
    'select category from custom_categories where ledger_id = $1 and id = $2',
    [ledgerId, id],
  )
  return rows[0]?.category ?? null
}

type AssistantCategory = { id: number; name: string; category: Category }

/**
 * What the assistant needs to read a message naming one ('pet shop 80 em Cachorro'), for several
 * ledgers in one statement (ADR 024): by ledger id. A message alone asks with one id.
 */
export async function customCategoriesOfLedgers(
  db: Queryable,
  ledgerIds: readonly number[],
): Promise<Map<number, AssistantCategory[]>> {
  const found = new Map<number, AssistantCategory[]>()
  for (const id of ledgerIds) found.set(id, [])
  if (ledgerIds.length === 0) return found
  const { rows } = await db.query<AssistantCategory & { ledger_id: number }>(
    `select ledger_id, id, name, category from custom_categories
      where ledger_id = any ($1::bigint[]) order by ledger_id, id`,
    [ledgerIds],
  )
  for (const { ledger_id, ...row } of rows) found.get(ledger_id)?.push(row)
  return found
}

/**
 * 'quanto gastei com Cachorro': the entries of this category of one's own in a month
 * (`YYYY-MM`) or from..to (inclusive), summed by the same query as the web's totals
 * (GET /v1/transactions/totals?custom_category_id=); null when the ledger has no such category
 * (deleted between the message's read and this one).
 */
export async function customCategoryTotal(
  db: Queryable,
  params: { ledgerId: number; id: number } & ({ month: string } | { from: string; to: string }),
): Promise<{ name: string; emoji: string | null; total_cents: number; count: number } | null> {
  const { rows } = await db.query<{ name: string; emoji: string | null }>(
    'select name, emoji from custom_categories where ledger_id = $1 and id = $2',
    [params.ledgerId, params.id],
  )
  const category = rows[0]
  if (!category) return null
  const { from, to } = 'month' in params ? monthRange(params.month) : params
  const totals = await transactionTotals(db, {
    ledgerId: params.ledgerId,
    customCategoryId: params.id,
    from,
    to,
  })
  return {
    name: category.name,
    emoji: category.emoji,
    total_cents: totals.income_cents + totals.expense_cents,
    count: totals.count,
  }
}
