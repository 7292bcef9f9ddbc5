import { describe, expect, it } from 'vitest'
import { DAILY_RUN_LANES, inLanes } from './run-lanes.ts'

describe('inLanes', () => {
  it('runs every lane at once and returns their results in lane order', async () => {
    const started: number[] = []
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const running = inLanes(async (lane, lanes) => {
      started.push(lane)
      expect(lanes).toBe(DAILY_RUN_LANES)
      // Every lane waits on the gate: only lanes running together all get here.
      if (started.length === DAILY_RUN_LANES) release()
      await gate
      return lane * 10
    })
    expect(await running).toEqual(Array.from({ length: DAILY_RUN_LANES }, (_, i) => i * 10))
    expect([...started].sort()).toEqual(Array.from({ length: DAILY_RUN_LANES }, (_, i) => i))
  })

  it('waits for the other lanes before throwing a lane failure', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let otherDone = false
    let settled = false
    const running = inLanes(async (lane) => {
      if (lane === 0) throw new Error('lane 0 failed')
      await gate
      otherDone = true
    }).finally(() => {
      settled = true
    })
    // Lane 0 has failed; the others are still running, so inLanes has not settled.
    await Promise.resolve()
    await new Promise((r) => setImmediate(r))
    expect(settled).toBe(false)
    release()
    await expect(running).rejects.toThrow('lane 0 failed')
    expect(otherDone).toBe(true)
  })
})
