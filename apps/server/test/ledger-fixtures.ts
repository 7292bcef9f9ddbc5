import { randomBytes } from 'node:crypto'
import type { Queryable } from '../src/platform/db/transaction.ts'

/**
 * A person straight in the database (auth user, profile, subscription on `plan`), for tests of
 * the ledger's data layer and service that do not need a session. HTTP tests sign up through
 * the API instead (auth-client.ts).
 */
export async function insertUser(db: Queryable, plan = 'free'): Promise<string> {
  const id = `u_${randomBytes(6).toString('hex')}`
  const email = `${id}@exemplo.com.br`
  await db.query(
    `insert into "user" (id, name, email, "emailVerified") values ($1, 'Pessoa Teste', $2, true)`,
    [id, email],
  )
  await db.query(`insert into profiles (id, name, email) values ($1, 'Pessoa Teste', $2)`, [
    id,
    email,
  ])
  await db.query('insert into subscribers (user_id, plan_type) values ($1, $2)', [id, plan])
  return id
}
