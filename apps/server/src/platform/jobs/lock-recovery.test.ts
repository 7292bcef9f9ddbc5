import { describe, expect, it } from 'vitest'
import { sweep } from './lock-recovery.ts'
import { useTestDatabase } from '../../../test/use-test-database.ts'

/* The sweep frees what silent lockers hold, and only that. */

const database = useTestDatabase()

async function lockedJob(lockedBy: string, lockedMinutesAgo: number): Promise<string> {
  const db = database.pool
  const { rows } = await db.query<{ id: string }>(
    `select id from graphile_worker.add_job('prune_auth_data', '{}'::json)`,
  )
  const id = rows[0]?.id as string
  await db.query(
    `update graphile_worker._private_jobs
        set locked_by = $2, locked_at = now() - make_interval(mins => $3), attempts = 1
      where id = $1`,
    [id, lockedBy, lockedMinutesAgo],
  )
  return id
}

const lockOf = async (id: string) =>
  (
    await database.pool.query<{ locked_by: string | null }>(
      'select locked_by from graphile_worker.jobs where id = $1',
      [id],
    )
  ).rows[0]?.locked_by

describe('the lock sweep', () => {
  it('unlocks jobs of silent lockers, keeps those of live ones and fresh locks', async () => {
    const db = database.pool
    await db.query(
      `insert into worker_heartbeats (locker_id, process, seen_at) values
         ('pool-alive', 'h:1', now()), ('pool-dead', 'h:2', now() - interval '10 minutes')`,
    )
    const alive = await lockedJob('pool-alive', 30)
    const dead = await lockedJob('pool-dead', 30)
    const neverSeen = await lockedJob('pool-never-seen', 30)
    // Just taken by a process whose first heartbeat is still to come.
    const fresh = await lockedJob('pool-just-started', 0)

    expect(await sweep(db, 60_000)).toBe(2)
    expect(await lockOf(alive)).toBe('pool-alive')
    expect(await lockOf(dead)).toBeNull()
    expect(await lockOf(neverSeen)).toBeNull()
    expect(await lockOf(fresh)).toBe('pool-just-started')
    // The freed jobs are ready to run, the interrupted attempt counted.
    const { rows } = await db.query<{ attempts: number; ready: boolean }>(
      'select attempts, run_at <= now() as ready from graphile_worker.jobs where id = any($1)',
      [[dead, neverSeen]],
    )
    expect(rows).toEqual([
      { attempts: 1, ready: true },
      { attempts: 1, ready: true },
    ])
  })
})
