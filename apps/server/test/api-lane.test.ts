import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLanes, Lane, withApiTurn } from '../src/platform/lanes.ts'
import { signedInUser, type TestClient } from './auth-client.ts'
import { delivery, fakeMetaEnv, messageId, signedDelivery, startFakeMeta } from './fake-meta.ts'
import { startTestServer, type TestServer } from './test-server.ts'

/*
 * The api lane (ADR 037): at most API_CONCURRENCY /api requests handled at once, API_QUEUE more
 * waiting, the next refused with 503 BUSY and Retry-After; the webhooks and the health check
 * never wait in it. Here one turn and no queue: a request whose update waits on a row the test
 * holds locked keeps the only turn until the test lets go.
 */

let fake: Awaited<ReturnType<typeof startFakeMeta>>
let server: TestServer
let client: TestClient
let userId: string
beforeAll(async () => {
  fake = await startFakeMeta()
  server = await startTestServer({ ...fakeMetaEnv(fake), API_CONCURRENCY: '1', API_QUEUE: '0' })
  ;({ client, userId } = await signedInUser(server))
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

/**
 * PATCH /api/profile while the test holds the profile's row locked: its handler waits on the
 * update, holding its turn, until `finish` commits the test's transaction.
 */
async function heldRequest() {
  const lock = await server.database.pool.connect()
  await lock.query('begin')
  await lock.query('select 1 from profiles where id = $1 for update', [userId])
  const answered = client.request('/api/profile', {
    method: 'PATCH',
    json: { name: 'Ana Lenta', phone: '' },
  })
  return {
    async finish() {
      await lock.query('commit')
      lock.release()
      return answered
    },
  }
}

/** Asks until the answer is the one wanted (the held request reaches the server meanwhile). */
async function untilStatus(path: string, status: number): Promise<Response> {
  for (let i = 0; i < 500; i++) {
    const res = await client.request(path)
    if (res.status === status) return res
    await res.body?.cancel()
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`${path} never answered ${status}`)
}

describe('the api lane', () => {
  it('refuses a page request with 503 BUSY and Retry-After while every turn is held', async () => {
    const held = await heldRequest()
    const busy = await untilStatus('/api/profile', 503)
    expect(busy.headers.get('retry-after')).toBe('1')
    expect(await busy.json()).toEqual({
      error: {
        code: 'BUSY',
        message: 'O servidor está ocupado agora. Tente novamente em instantes.',
      },
    })
    // Unauthenticated /api requests count too: nothing reaches the routes past the bound.
    expect((await fetch(`${server.url}/api/plans`)).status).toBe(503)

    // WhatsApp's deliveries and the health check never wait for a turn.
    const hook = await server.api(
      '/api/webhooks/whatsapp',
      signedDelivery(
        delivery({ messages: [{ from: '5511987650001', id: messageId(), text: 'saldo' }] }),
      ),
    )
    expect(hook.status).toBe(200)
    expect(await hook.json()).toEqual({ received: 1, stored: 1 })
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200)

    const done = await held.finish()
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ name: 'Ana Lenta' })
    // The turn is given back: the next request is served.
    const after = await untilStatus('/api/profile', 200)
    expect(await after.json()).toMatchObject({ name: 'Ana Lenta' })
  })
})

describe('Lane', () => {
  it('lets waiting requests in, in order, as turns are released; refuses past the queue', async () => {
    const lane = new Lane({ concurrency: 1, queue: 2, retryAfterSeconds: 1 })
    const first = await lane.enter()
    const order: number[] = []
    const inOrder = (n: number) => (turn: { release(): void }) => {
      order.push(n)
      return turn
    }
    const second = lane.enter().then(inOrder(2))
    const third = lane.enter().then(inOrder(3))
    await expect(lane.enter()).rejects.toMatchObject({ status: 503, code: 'BUSY' })
    expect(lane.load).toEqual({ running: 1, waiting: 2 })
    first.release()
    first.release() // a second release does nothing
    ;(await second).release()
    ;(await third).release()
    expect(order).toEqual([2, 3])
    expect(lane.load).toEqual({ running: 0, waiting: 0 })
  })

  it('gives back the api turn when a request enters a heavy lane', async () => {
    const lanes = createLanes({
      PDF_CONCURRENCY: 1,
      PDF_QUEUE: 1,
      EXPORT_CONCURRENCY: 1,
      EXPORT_QUEUE: 0,
      CSV_CONCURRENCY: 1,
      CSV_QUEUE: 0,
      IMPORT_CONCURRENCY: 1,
      IMPORT_QUEUE: 0,
      API_CONCURRENCY: 1,
      API_QUEUE: 0,
    })
    const turn = await lanes.api.enter()
    await withApiTurn(turn, async () => {
      expect(lanes.api.load.running).toBe(1)
      const pdf = await lanes.pdf.enter()
      // Waiting for or rendering a PDF holds no api turn: another page request gets one.
      expect(lanes.api.load.running).toBe(0)
      const other = await lanes.api.enter()
      other.release()
      pdf.release()
    })
    turn.release() // already given back: nothing more happens
    expect(lanes.api.load).toEqual({ running: 0, waiting: 0 })
  })
})
