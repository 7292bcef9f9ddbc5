import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { BusyError, Lane } from '../lanes.ts'
import { createLogger } from '../logger.ts'
import { streamedBody } from './streamed-body.ts'

/*
 * A streamed download (ARCHITECTURE §12) holds its lane's turn only while someone reads it: the
 * turn comes back when the last chunk is taken, when the client goes away, when the source
 * fails, and when the client stops reading.
 */
const log = createLogger('silent')

/** Endless chunks; `state.closed` turns true when the generator's finally ran. */
function endless(state: { closed: boolean; made: number }) {
  return (async function* () {
    try {
      for (;;) {
        state.made++
        yield `linha ${state.made}\n`
      }
    } finally {
      state.closed = true
    }
  })()
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await sleep(25)
}

describe('Lane', () => {
  it('runs `concurrency` at once, queues `queue`, refuses the next with BUSY and Retry-After', async () => {
    const lane = new Lane({ concurrency: 1, queue: 1, retryAfterSeconds: 7 })
    const first = await lane.enter()
    const second = lane.enter()
    const refused = await lane.enter().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(BusyError)
    expect((refused as BusyError).status).toBe(503)
    expect((refused as BusyError).headers['Retry-After']).toBe('7')
    expect(lane.load).toEqual({ running: 1, waiting: 1 })
    first.release()
    first.release() // a second release gives nothing back twice
    const turn = await second
    expect(lane.load).toEqual({ running: 1, waiting: 0 })
    turn.release()
    expect(lane.load).toEqual({ running: 0, waiting: 0 })
  })
})

describe('streamedBody', () => {
  it('makes a chunk only when the previous one was taken, and ends with the source', async () => {
    const lane = new Lane({ concurrency: 1, queue: 0, retryAfterSeconds: 1 })
    const turn = await lane.enter()
    const chunks = (async function* () {
      yield 'a'
      yield ''
      yield 'b'
    })()
    let ended = 0
    const body = streamedBody(chunks, {
      turn,
      log,
      onEnd: async () => {
        ended++
      },
    })
    expect(await new Response(body).text()).toBe('ab')
    expect(ended).toBe(1)
    expect(lane.load.running).toBe(0)
  })

  it('reads no further than one chunk ahead of a slow reader', async () => {
    const state = { closed: false, made: 0 }
    const lane = new Lane({ concurrency: 1, queue: 0, retryAfterSeconds: 1 })
    const reader = streamedBody(endless(state), { turn: await lane.enter(), log }).getReader()
    await reader.read()
    await reader.read()
    await sleep(100)
    expect(state.made).toBeLessThanOrEqual(3)
    await reader.cancel()
    expect(state.closed).toBe(true)
    expect(lane.load.running).toBe(0)
  })

  it('gives the turn back and closes the source when the client goes away', async () => {
    const state = { closed: false, made: 0 }
    const lane = new Lane({ concurrency: 1, queue: 0, retryAfterSeconds: 1 })
    let ended = 0
    const reader = streamedBody(endless(state), {
      turn: await lane.enter(),
      log,
      onEnd: async () => {
        ended++
      },
    }).getReader()
    await reader.read()
    await expect(lane.enter()).rejects.toBeInstanceOf(BusyError)
    await reader.cancel()
    expect(state.closed).toBe(true)
    expect(ended).toBe(1)
    ;(await lane.enter()).release()
  })

  it('ends the download of a client that stopped reading, and gives the turn back', async () => {
    const state = { closed: false, made: 0 }
    const lane = new Lane({ concurrency: 1, queue: 0, retryAfterSeconds: 1 })
    const reader = streamedBody(endless(state), {
      turn: await lane.enter(),
      log,
      idleMs: 50,
    }).getReader()
    await reader.read()
    await until(() => state.closed)
    expect(state.closed).toBe(true)
    expect(lane.load.running).toBe(0)
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return
      })(),
    ).rejects.toThrow(/parou de ler/)
  })

  it('cuts the download when the source fails mid-way, and gives the turn back', async () => {
    const lane = new Lane({ concurrency: 1, queue: 0, retryAfterSeconds: 1 })
    let ended = 0
    const chunks = (async function* () {
      yield 'começo'
      throw new Error('o banco caiu')
    })()
    const body = streamedBody(chunks, {
      turn: await lane.enter(),
      log,
      onEnd: async () => {
        ended++
      },
    })
    await expect(new Response(body).text()).rejects.toThrow('o banco caiu')
    expect(ended).toBe(1)
    expect(lane.load.running).toBe(0)
  })
})
