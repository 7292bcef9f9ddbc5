import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../test/use-test-database.ts'
import { starResult } from './prepared-statements.ts'

/*
 * Statements are prepared once per connection (prepared-statements.ts). A migration run by a new
 * instance while an old one keeps its connections (a rolling deploy) must not break the old
 * one's statements: a star's result type changes with the table, so starred texts are never
 * prepared; texts with their columns listed are re-planned by PostgreSQL.
 */

const db = useTestDatabase()

describe('prepared statements across a migration', () => {
  it('keeps answering starred and listed texts after a column is added on another connection', async () => {
    const client = await db.pool.connect()
    try {
      await client.query('create table deploy_probe (id int primary key, name text)')
      await client.query('insert into deploy_probe values (1, $1)', ['um'])
      const starred = 'select * from deploy_probe where id = $1'
      const listed = 'select id, name from deploy_probe where id = $1'
      const returning = 'update deploy_probe set name = $2 where id = $1 returning *'
      for (let i = 0; i < 6; i++) {
        await client.query(starred, [1])
        await client.query(listed, [1])
        await client.query(returning, [1, 'um'])
      }
      // The "new version" migrates through another connection of the same database.
      const other = await db.pool.connect()
      await other.query('alter table deploy_probe add column note text')
      other.release()

      expect((await client.query(starred, [1])).rows).toEqual([{ id: 1, name: 'um', note: null }])
      expect((await client.query(listed, [1])).rows).toEqual([{ id: 1, name: 'um' }])
      expect((await client.query(returning, [1, 'dois'])).rows).toEqual([
        { id: 1, name: 'dois', note: null },
      ])
    } finally {
      client.release()
    }
  })

  it('prepares the texts that list their columns (named on the connection)', async () => {
    const client = await db.pool.connect()
    try {
      await client.query('select id, name from deploy_probe where id = $1', [1])
      const { rows } = await client.query<{ name: string }>(
        'select name from pg_prepared_statements where statement like $1',
        ['%from deploy_probe%'],
      )
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => r.name.startsWith('s_'))).toBe(true)
    } finally {
      client.release()
    }
  })

  it('prepares a text whose stars are only inside a CTE, and it keeps answering after a column is added', async () => {
    const client = await db.pool.connect()
    try {
      await client.query('create table cte_probe (id int primary key, name text)')
      const text = `with x as (select * from unnest($1::int[], $2::text[]) as x(id, name)),
                         ins as (insert into cte_probe (id, name) select id, name from x returning *)
                    select id, name from ins order by id`
      await client.query(text, [[1], ['um']])
      const { rows } = await client.query<{ name: string }>(
        'select name from pg_prepared_statements where statement like $1',
        ['%insert into cte_probe%'],
      )
      expect(rows.map((r) => r.name.startsWith('s_'))).toEqual([true])
      const other = await db.pool.connect()
      await other.query('alter table cte_probe add column note text')
      other.release()
      expect((await client.query(text, [[2], ['dois']])).rows).toEqual([{ id: 2, name: 'dois' }])
    } finally {
      client.release()
    }
  })
})

describe('starResult', () => {
  it.each([
    ['select * from t where id = $1', true],
    ['update t set a = $1 returning *', true],
    ['select t.*, u.name from t join u on u.id = t.u where t.id = $1', true],
    ['select (r).* from (select t as r from t) s where s.id = $1', true],
    ['with x as (select * from unnest($1::int[]) as x(id)) select id from x', false],
    ['with t as (delete from t where id = $1 returning *) select id, name from t', false],
    ['select count(*)::int as n from t where id = $1', false],
    ["select id from t where name = ')' or x.* = $1", true],
  ])('%s → %s', (text, star) => {
    expect(starResult(text)).toBe(star)
  })
})
