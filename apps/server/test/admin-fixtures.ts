import type { Db } from '../src/platform/db/database.ts'

/**
 * People written straight into the database (auth user, profile, subscription), without the
 * sign-up round trip: for the admin lists' tests and benchmark, where only the rows matter.
 */
export type SeedPerson = {
  id: string
  name: string
  email: string
  phone?: string | null
  plan_type?: string
  subscription_status?: string
  /** ISO instant; default now(). */
  created_at?: string
}

export async function insertPeople(db: Db, people: readonly SeedPerson[]): Promise<void> {
  const client = await db.connect()
  try {
    await client.query('begin')
    for (const p of people) {
      const createdAt = p.created_at ?? new Date().toISOString()
      await client.query(
        `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
         values ($1, $2, lower($3), true, $4, $4, 'user')`,
        [p.id, p.name, p.email, createdAt],
      )
      await client.query(
        `insert into profiles (id, name, email, phone, created_at, updated_at)
         values ($1, $2, lower($3), $4, $5, $5)`,
        [p.id, p.name, p.email, p.phone ?? null, createdAt],
      )
      await client.query(
        `insert into subscribers (user_id, plan_type, subscription_status, created_at)
         values ($1, $2, $3, $4)`,
        [p.id, p.plan_type ?? 'free', p.subscription_status ?? 'active', createdAt],
      )
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw error
  } finally {
    client.release()
  }
}

/**
 * `count` people in three set-based statements (generate_series): ids `${prefix}-000001`…,
 * one in four on a paid plan. `tiesPerInstant` people share each created_at, one second apart,
 * the newest being person `count`, so pages must break ties on the id.
 */
export async function seedPeople(
  db: Db,
  {
    count,
    prefix = 'seed',
    tiesPerInstant = 1,
  }: { count: number; prefix?: string; tiesPerInstant?: number },
): Promise<void> {
  const series = `select g, $2 || '-' || lpad(g::text, 6, '0') as id,
                         timestamptz '2026-01-01 12:00:00+00' + ((g - 1) / $3) * interval '1 second' as at
                    from generate_series(1, $1::int) g`
  const params = [count, prefix, tiesPerInstant]
  await db.query(
    `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
     select id, 'Pessoa ' || g, id || '@exemplo.com.br', true, at, at, 'user' from (${series}) s`,
    params,
  )
  await db.query(
    `insert into profiles (id, name, email, phone, created_at, updated_at)
     select id, 'Pessoa ' || g, id || '@exemplo.com.br', null, at, at from (${series}) s`,
    params,
  )
  await db.query(
    `insert into subscribers (user_id, plan_type, subscription_status, created_at)
     select id,
            case g % 4 when 1 then 'pf_simples' when 2 then 'empresas_2' else 'free' end,
            case when g % 20 = 0 then 'past_due' else 'active' end,
            at
       from (${series}) s`,
    params,
  )
  await db.query('analyze "user", profiles, subscribers')
}
