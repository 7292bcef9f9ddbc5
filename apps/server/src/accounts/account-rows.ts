import { sql, type Transaction } from 'kysely'
import type { Db } from '../platform/index.ts'
import type { AuthDatabase } from './auth-kysely.ts'

/** What a new account starts with: its profile, and a subscription on the free plan. */
export type NewAccount = { userId: string; name: string; email: string; phone: string | null }

/** The spec's profile needs a name; a GitHub account may come without one. */
export function profileName(name: string | null | undefined, email: string): string {
  return name?.trim() || email.split('@')[0] || email
}

/** Inside the transaction that creates the user (see auth-kysely.ts). */
export async function insertAccountRows(
  trx: Transaction<AuthDatabase>,
  account: NewAccount,
): Promise<void> {
  await sql`insert into profiles (id, name, email, phone)
            values (${account.userId}, ${account.name}, ${account.email}, ${account.phone})`.execute(
    trx,
  )
  await sql`insert into subscribers (user_id, plan_type) values (${account.userId}, 'free')`.execute(
    trx,
  )
}

/**
 * The same rows, idempotently, for a user created outside a transaction. Better Auth 1.7 always
 * creates users inside one, so this is a safety net for a future version that does not.
 */
export async function ensureAccountRows(db: Db, account: NewAccount): Promise<void> {
  await db.query(
    `insert into profiles (id, name, email, phone) values ($1, $2, $3, $4)
     on conflict (id) do nothing`,
    [account.userId, account.name, account.email, account.phone],
  )
  await db.query(
    `insert into subscribers (user_id, plan_type) values ($1, 'free') on conflict (user_id) do nothing`,
    [account.userId],
  )
}
