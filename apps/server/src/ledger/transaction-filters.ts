import type { CategoryTotal, EntryType, TransactionTotals } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/**
 * The filters the entries list and its totals share (issue 26), as SQL over `transactions t`.
 * Only the conditions present are written, so the planner sees the shape of an index
 * (ledger+day, ledger+category+day, ledger+created_by, account+day).
 */
export type EntryFilters = {
  ledgerId: number
  from?: string
  to?: string
  /** Only the entries this person recorded (the team's filter by member). */
  createdBy?: string
  /** Only the entries on this account. */
  accountId?: number
  /** Words of the description, any case and accents. */
  text?: string
  type?: EntryType
  category?: string
  /** Only the entries in this category of one's own. */
  customCategoryId?: number
  minCents?: number
  maxCents?: number
}

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ'
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn'

/** Lowercase without accents, the same way the SQL folds the description. */
export function foldForSearch(text: string): string {
  let out = ''
  for (const c of text.toLowerCase()) {
    const i = ACCENTED.indexOf(c)
    out += i >= 0 ? PLAIN[i] : c
  }
  return out
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** `where` conditions (joined by and) and their values, numbered from $1. */
export function filterConditions(f: EntryFilters): { where: string[]; values: unknown[] } {
  const where = ['t.ledger_id = $1']
  const values: unknown[] = [f.ledgerId]
  const add = (sql: (n: string) => string, value: unknown) => {
    values.push(value)
    where.push(sql(`$${values.length}`))
  }
  if (f.from) add((n) => `t.occurred_on >= ${n}`, f.from)
  if (f.to) add((n) => `t.occurred_on <= ${n}`, f.to)
  if (f.createdBy) add((n) => `t.created_by = ${n}`, f.createdBy)
  if (f.accountId !== undefined) add((n) => `t.account_id = ${n}`, f.accountId)
  if (f.type) add((n) => `t.type = ${n}`, f.type)
  if (f.category) add((n) => `t.category = ${n}`, f.category)
  if (f.customCategoryId !== undefined)
    add((n) => `t.custom_category_id = ${n}`, f.customCategoryId)
  if (f.minCents !== undefined) add((n) => `t.amount_cents >= ${n}`, f.minCents)
  if (f.maxCents !== undefined) add((n) => `t.amount_cents <= ${n}`, f.maxCents)
  if (f.text) {
    add(
      (n) => `translate(lower(t.description), '${ACCENTED}', '${PLAIN}') like ${n}`,
      containsPattern(f.text),
    )
  }
  return { where, values }
}

/** The filtered entries summed: income, spending, balance, count, and per category. */
export async function transactionTotals(
  db: Queryable,
  filters: EntryFilters,
): Promise<TransactionTotals> {
  const { where, values } = filterConditions(filters)
  const { rows } = await db.query<CategoryTotal>(
    `select t.type, t.category, sum(t.amount_cents)::bigint as total_cents, count(*)::int as count
       from transactions t
      where ${where.join(' and ')}
      group by t.type, t.category
      order by total_cents desc, t.category`,
    values,
  )
  let income = 0
  let expense = 0
  let count = 0
  for (const row of rows) {
    if (row.type === 'income') income += row.total_cents
    else expense += row.total_cents
    count += row.count
  }
  return {
    income_cents: income,
    expense_cents: expense,
    balance_cents: income - expense,
    count,
    by_category: rows,
  }
}
