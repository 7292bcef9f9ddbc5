import {
  type Account,
  type AccountCreate,
  type AccountPatch,
  accountCardFieldsProblem,
  MAX_ACCOUNTS,
  saoPauloDate,
} from '@equilibrai/shared'
import { BadRequestError, isUniqueViolation, type Queryable } from '../../platform/index.ts'
import { balanceSql } from './balances.queries.ts'
import {
  AccountArchivedError,
  AccountInUseError,
  AccountNameTakenError,
  AccountNotFoundError,
  DefaultAccountError,
  TooManyAccountsError,
} from './errors.ts'

/*
 * A ledger's accounts (ARCHITECTURE §9). Every function takes the ledger: an account of
 * another ledger is not found (404), exactly like one that does not exist. Functions that
 * write more than one row expect `tx` inside a transaction (withTransaction).
 */

const FIELDS = `a.id, a.name, a.kind, a.opening_balance_cents, a.is_default, a.archived,
  a.closing_day, a.due_day, a.limit_cents, a.last_digits`
/** Archived last, then the default, then by name. */
const ORDER = 'a.archived, a.is_default desc, lower(a.name), a.id'

type Row = Omit<Account, 'balance_cents'>

const todayInSaoPaulo = () => saoPauloDate(new Date())

function toAccount(row: Account): Account {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    balance_cents: row.balance_cents,
    opening_balance_cents: row.opening_balance_cents,
    is_default: row.is_default,
    archived: row.archived,
    closing_day: row.closing_day,
    due_day: row.due_day,
    limit_cents: row.limit_cents,
    last_digits: row.last_digits,
  }
}

/** Every account of the ledger with its balance on `today`; archived ones included, flagged. */
export async function listAccounts(
  db: Queryable,
  { ledgerId, today = todayInSaoPaulo() }: { ledgerId: number; today?: string },
): Promise<Account[]> {
  // The batch reader with one pair: one SQL for the web, the imports and the assistant's batch.
  const [accounts] = await accountsOnDays(db, [{ ledgerId, today }])
  return accounts ?? []
}

/**
 * listAccounts for several ledgers at once (a batch of WhatsApp messages, ADR 024): each
 * (ledger, day) pair's accounts with their balances on that day, in listAccounts's order, in
 * one statement. Keyed `${ledgerId}:${day}`.
 */
export async function listAccountsOfLedgers(
  db: Queryable,
  pairs: readonly { ledgerId: number; today: string }[],
): Promise<Map<string, Account[]>> {
  const lists = await accountsOnDays(db, pairs)
  return new Map(pairs.map((p, i) => [`${p.ledgerId}:${p.today}`, lists[i] ?? []]))
}

/**
 * Each pair's accounts with their balances on its day, in the order of `pairs` (matched by
 * position, so a day written another way than Postgres prints it still finds its rows).
 */
async function accountsOnDays(
  db: Queryable,
  pairs: readonly { ledgerId: number; today: string }[],
): Promise<Account[][]> {
  const lists = pairs.map((): Account[] => [])
  if (pairs.length === 0) return lists
  // Named: prepared once per connection, so its plan (four subqueries an account) is not made
  // again on every call; planning cost more than running it.
  const { rows } = await db.query<Account & { n: number }>({
    name: 'ledgers_accounts_with_balances',
    text: `select x.n::int as n, ${FIELDS}, ${balanceSql('x.day')} as balance_cents
             from unnest($1::bigint[], $2::date[]) with ordinality x(ledger_id, day, n)
             join accounts a on a.ledger_id = x.ledger_id
            order by x.n, ${ORDER}`,
    values: [pairs.map((p) => p.ledgerId), pairs.map((p) => p.today)],
  })
  for (const row of rows) lists[row.n - 1]?.push(toAccount(row))
  return lists
}

/** One account of the ledger with its balance, or null. */
export async function getAccount(
  db: Queryable,
  {
    ledgerId,
    accountId,
    today: day = todayInSaoPaulo(),
  }: { ledgerId: number; accountId: number; today?: string },
): Promise<Account | null> {
  const { rows } = await db.query<Account>(
    `select ${FIELDS}, ${balanceSql('$3::date')} as balance_cents
       from accounts a where a.ledger_id = $1 and a.id = $2`,
    [ledgerId, accountId, day],
  )
  return rows[0] ? toAccount(rows[0]) : null
}

/** The ledger's default account ('Conta principal' unless another was made the default). */
export async function defaultAccount(
  db: Queryable,
  { ledgerId, today: day = todayInSaoPaulo() }: { ledgerId: number; today?: string },
): Promise<Account> {
  const { rows } = await db.query<Account>(
    `select ${FIELDS}, ${balanceSql('$2::date')} as balance_cents
       from accounts a where a.ledger_id = $1 and a.is_default`,
    [ledgerId, day],
  )
  // Migration 018 gives every ledger one, and the trigger on ledgers every new one.
  if (!rows[0]) throw new Error(`ledger ${ledgerId} has no default account`)
  return toAccount(rows[0])
}

/** An account of the ledger (no balance), locked for the change when `forUpdate`. */
async function accountRow(
  db: Queryable,
  { ledgerId, accountId, forUpdate }: { ledgerId: number; accountId: number; forUpdate?: boolean },
): Promise<Row> {
  const { rows } = await db.query<Row>(
    `select ${FIELDS} from accounts a where a.ledger_id = $1 and a.id = $2
     ${forUpdate ? 'for update' : ''}`,
    [ledgerId, accountId],
  )
  if (!rows[0]) throw new AccountNotFoundError()
  return rows[0]
}

/**
 * The account an entry or a transfer is about to name: of this ledger (else 404) and not
 * archived (else 422). Returns it.
 */
export async function usableAccount(
  db: Queryable,
  { ledgerId, accountId }: { ledgerId: number; accountId: number },
): Promise<Row> {
  const account = await accountRow(db, { ledgerId, accountId })
  if (account.archived) throw new AccountArchivedError()
  return account
}

/** Creates an account (409 when the name is taken, 422 past MAX_ACCOUNTS). */
export async function createAccount(
  db: Queryable,
  { ledgerId, input }: { ledgerId: number; input: AccountCreate },
): Promise<Account> {
  try {
    const { rows } = await db.query<Row>(
      `insert into accounts (ledger_id, name, kind, opening_balance_cents, closing_day, due_day,
                             limit_cents, last_digits)
       select $1, $2, $3, $4, $5, $6, $7, $8
        where (select count(*) from accounts where ledger_id = $1) < $9
       returning ${FIELDS.replaceAll('a.', '')}`,
      [
        ledgerId,
        input.name,
        input.kind,
        input.opening_balance_cents ?? 0,
        input.closing_day ?? null,
        input.due_day ?? null,
        input.limit_cents ?? null,
        input.last_digits ?? null,
        MAX_ACCOUNTS,
      ],
    )
    const row = rows[0]
    if (!row) throw new TooManyAccountsError()
    // Nothing is on a new account yet: its balance is its opening balance.
    return toAccount({ ...row, balance_cents: row.opening_balance_cents })
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_ledger_name_idx')) throw new AccountNameTakenError()
    throw error
  }
}

const PATCHABLE = [
  'name',
  'opening_balance_cents',
  'closing_day',
  'due_day',
  'limit_cents',
  'last_digits',
  'archived',
] as const

/**
 * Changes an account: rename, the card's days, limit and final, the opening balance, archive
 * or bring back, or make it the default (the old default stops being one). The default is
 * never archived. Expects `tx` inside a transaction.
 */
export async function updateAccount(
  tx: Queryable,
  { ledgerId, accountId, patch }: { ledgerId: number; accountId: number; patch: AccountPatch },
): Promise<Account> {
  const current = await accountRow(tx, { ledgerId, accountId, forUpdate: true })
  const merged = { ...current, ...patch }
  const problem = accountCardFieldsProblem(merged)
  if (problem) throw new BadRequestError(problem, 'VALIDATION_ERROR')
  if (merged.is_default && merged.archived) throw new DefaultAccountError('arquivada')

  if (patch.is_default && !current.is_default) {
    await tx.query('update accounts set is_default = false where ledger_id = $1 and is_default', [
      ledgerId,
    ])
  }
  const sets: string[] = ['updated_at = now()']
  const values: unknown[] = [ledgerId, accountId]
  for (const key of PATCHABLE) {
    if (patch[key] === undefined) continue
    values.push(patch[key])
    sets.push(`${key} = $${values.length}`)
  }
  if (patch.is_default) sets.push('is_default = true')
  try {
    await tx.query(
      `update accounts set ${sets.join(', ')} where ledger_id = $1 and id = $2`,
      values,
    )
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_ledger_name_idx')) throw new AccountNameTakenError()
    throw error
  }
  const updated = await getAccount(tx, { ledgerId, accountId })
  if (!updated) throw new AccountNotFoundError()
  return updated
}

/**
 * Deletes an account nothing names: 409 ACCOUNT_IN_USE when an entry or a transfer does (the
 * foreign keys decide, so an entry recorded meanwhile cannot slip in), 409 DEFAULT_ACCOUNT
 * for the default. Expects `tx` inside a transaction.
 */
export async function deleteAccount(
  tx: Queryable,
  { ledgerId, accountId }: { ledgerId: number; accountId: number },
): Promise<void> {
  const current = await accountRow(tx, { ledgerId, accountId, forUpdate: true })
  if (current.is_default) throw new DefaultAccountError('apagada')
  try {
    await tx.query('delete from accounts where ledger_id = $1 and id = $2', [ledgerId, accountId])
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw new AccountInUseError()
    throw error
  }
}
