import { AsyncLocalStorage } from 'node:async_hooks'
import { Kysely, PostgresDialect, type Transaction, type TransactionBuilder } from 'kysely'
import type { Db } from '../platform/index.ts'

/** Better Auth's tables are reached through raw SQL only; no generated table types. */
export type AuthDatabase = Record<string, Record<string, unknown>>

const currentTransaction = new AsyncLocalStorage<Transaction<AuthDatabase>>()

/**
 * The Kysely instance Better Auth runs on, over our pg pool. It differs from a plain Kysely in
 * one way: while Better Auth runs work inside one of its transactions (sign-up, social sign-up),
 * that transaction is reachable through `authTransaction()`. Better Auth's `create.after` hooks
 * run only after the commit, so this is how our own rows (profile, subscription) join the very
 * transaction that creates the user: all of them exist, or none (ADR 003).
 */
class TransactionTrackingKysely extends Kysely<AuthDatabase> {
  override transaction(): TransactionBuilder<AuthDatabase> {
    const builder = super.transaction()
    const execute = builder.execute.bind(builder)
    builder.execute = <T>(callback: (trx: Transaction<AuthDatabase>) => Promise<T>) =>
      execute((trx) => currentTransaction.run(trx, () => callback(trx)))
    return builder
  }
}

export function createAuthKysely(db: Db): Kysely<AuthDatabase> {
  return new TransactionTrackingKysely({ dialect: new PostgresDialect({ pool: db }) })
}

/** The Better Auth transaction the caller runs in, if any. */
export function authTransaction(): Transaction<AuthDatabase> | undefined {
  return currentTransaction.getStore()
}
