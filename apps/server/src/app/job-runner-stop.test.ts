import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { testEnv } from '../../test/test-server.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import { startJobRunner } from './job-runner.ts'

/*
 * graphile-worker logs "Releasing local queue failed" when, at stop, the jobs its local queue
 * holds cannot be handed back because the pool was ended first ("Cannot use a pool after calling
 * end on the pool"). The project stops every runner before it ends the pool (server.ts close,
 * worker.ts, chat): here a runner with jobs queued is stopped that way and must log nothing at
 * warn or above, and leave no job locked.
 */
const database = useTestDatabase()

function capturingLogger() {
  const lines: { level: number; msg: string }[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  return { log: pino({ level: 'debug', base: undefined }, stream), lines }
}

describe('stopping a job runner before its pool ends', () => {
  it('hands back the jobs of its local queue and logs no error', async () => {
    const { log, lines } = capturingLogger()
    const runner = await startJobRunner(database.pool, log, testEnv(), 4)
    for (let i = 0; i < 60; i++)
      await runner.addJob('whatsapp_recover', {}, { jobKey: `stop-${i}` })
    await runner.stop()
    expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([])
    const { rows } = await database.pool.query<{ n: number }>(
      'select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null',
    )
    expect(rows[0]?.n).toBe(0)
  })
})
