import { writeFileSync, mkdirSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'

/*
 * Bench-only: with BENCH_PROFILE_WORKER=<dir>, the forked worker profiles its own CPU between
 * the bench's 'count:start' and 'count:stop' (the sustained burst alone, without start-up or
 * the earlier phases) and writes `worker-<pid>.cpuprofile` there, readable by Chrome's DevTools
 * or any .cpuprofile reader. Off (nothing started) when the variable is unset.
 */

const dir = process.env.BENCH_PROFILE_WORKER
let session: Session | null = null

export async function startWorkerProfile(): Promise<void> {
  if (!dir || session) return
  session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 500 })
  await session.post('Profiler.start')
}

/** Stops the profile begun by startWorkerProfile and writes it; its path, or null when off. */
export async function stopWorkerProfile(): Promise<string | null> {
  const current = session
  if (!dir || !current) return null
  session = null
  const { profile } = await current.post('Profiler.stop')
  current.disconnect()
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `worker-${process.pid}.cpuprofile`)
  writeFileSync(file, JSON.stringify(profile))
  return file
}
