import { beforeAll, describe, expect, it } from 'vitest'
import { applyRetention, RETENTION_DAYS } from './recovery.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'

const database = useTestDatabase()
beforeAll(async () => {
  const db = database.pool
  await db.query(
    `insert into "user" (id, name, email, "emailVerified") values ('u1', 'Ana', 'ana@x.com', true)`,
  )
  await db.query(`insert into profiles (id, name, email) values ('u1', 'Ana', 'ana@x.com')`)
})

describe('applyRetention', () => {
  it('drops stored assistant replies older than the retention period, keeps recent ones', async () => {
    const db = database.pool
    await db.query(
      `insert into assistant_replies (message_id, user_id, reply, created_at) values
         ('wamid.old', 'u1', 'Anotado: R$ 45,90', now() - make_interval(days => $1 + 1)),
         ('wamid.new', 'u1', 'Saldo: R$ 10,00', now() - make_interval(days => $1 - 1))`,
      [RETENTION_DAYS],
    )
    const result = await applyRetention(db)
    expect(result.replies).toBe(1)
    const { rows } = await db.query('select message_id from assistant_replies')
    expect(rows).toEqual([{ message_id: 'wamid.new' }])
    expect((await applyRetention(db)).replies).toBe(0)
  })
})
