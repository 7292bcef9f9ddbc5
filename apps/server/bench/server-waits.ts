import {
  constants,
  type IntervalHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
} from 'node:perf_hooks'
import { fmt } from '../../../bench/bench-server.ts'
import type { Lane } from '../src/platform/lanes.ts'
import type { Db } from '../src/platform/db/database.ts'
import { percentile } from './bench-helpers.ts'

/*
 * Where a page request waits inside the server process, for the mixed bench (issue 27's tail):
 * its turn of the api lane, a database connection from the pool, the event loop (delay and GC
 * pauses). Measured in the bench's own process, where the server runs, by wrapping the lane's
 * and the pool's methods: the server's code is not changed. Figures per phase (`phase(name)`
 * starts one).
 */

type Phase = {
  name: string
  laneWaits: number[]
  laneHolds: number[]
  poolWaits: number[]
  gcPauses: number[]
  majorGcPauses: number[]
  heapMb: number
  loop: IntervalHistogram
}

export function watchServerWaits({ lane, pool }: { lane: Lane; pool: Db }) {
  const phases: Phase[] = []
  let current: Phase | null = null

  const enter = lane.enter.bind(lane)
  lane.enter = async () => {
    const start = performance.now()
    const turn = await enter()
    const phase = current
    const got = performance.now()
    phase?.laneWaits.push(got - start)
    let held = true
    return {
      release() {
        if (held) phase?.laneHolds.push(performance.now() - got)
        held = false
        turn.release()
      },
    }
  }

  // pg-pool's query() takes its connection through this.connect(callback).
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown
  ;(pool as { connect: unknown }).connect = (cb?: (...args: unknown[]) => void) => {
    const start = performance.now()
    const phase = current
    if (typeof cb === 'function') {
      return connect((...args: unknown[]) => {
        phase?.poolWaits.push(performance.now() - start)
        cb(...args)
      })
    }
    return (connect() as Promise<unknown>).then((client) => {
      phase?.poolWaits.push(performance.now() - start)
      return client
    })
  }

  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      current?.gcPauses.push(entry.duration)
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) current?.majorGcPauses.push(entry.duration)
    }
  })
  gc.observe({ entryTypes: ['gc'] })

  return {
    phase(name: string) {
      current?.loop.disable()
      const loop = monitorEventLoopDelay({ resolution: 5 })
      loop.enable()
      current = {
        name,
        laneWaits: [],
        laneHolds: [],
        poolWaits: [],
        gcPauses: [],
        majorGcPauses: [],
        heapMb: process.memoryUsage().heapUsed / 2 ** 20,
        loop,
      }
      phases.push(current)
    },
    stop() {
      current?.loop.disable()
      current = null
      gc.disconnect()
    },
    report() {
      const ms = (ns: number) => fmt(ns / 1e6, 1)
      for (const p of phases) {
        const line = (label: string, values: number[]) => {
          const s = [...values].sort((a, b) => a - b)
          return `    ${label.padEnd(30)} n ${String(s.length).padStart(6)}   p50 ${fmt(percentile(s, 50), 1).padStart(7)}   p99 ${fmt(percentile(s, 99), 1).padStart(7)}   max ${fmt(s.at(-1) ?? 0, 1).padStart(7)} ms   over 20 ms ${s.filter((v) => v > 20).length}`
        }
        console.log(`  In the server, ${p.name}:`)
        console.log(line('api lane wait', p.laneWaits))
        console.log(line('api lane turn held', p.laneHolds))
        console.log(line('pool connection wait', p.poolWaits))
        console.log(
          `${line('GC pauses', p.gcPauses)}   sum ${fmt(
            p.gcPauses.reduce((a, b) => a + b, 0),
            0,
          )} ms`,
        )
        console.log(
          `${line('of which major (mark-compact)', p.majorGcPauses)}   heap used at the start ${fmt(p.heapMb)} MB`,
        )
        console.log(
          `    event-loop delay               p50 ${ms(p.loop.percentile(50)).padStart(7)}   p99 ${ms(p.loop.percentile(99)).padStart(7)}   max ${ms(p.loop.max).padStart(7)} ms`,
        )
      }
    },
  }
}
