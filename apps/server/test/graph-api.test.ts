import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { type GraphConfig, postMessage } from '../src/messaging/graph-api.ts'
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, startFakeMeta } from './fake-meta.ts'

/**
 * The Graph API call itself (messaging/graph-api.ts over graph-http.ts) against the local fake
 * and, for answers the fake does not give, a scripted plain HTTP server: what each way a call
 * can end becomes for the sender (retry or not, and the reason it records).
 */

const text = { kind: 'text', text: 'Anotado: R$ 12,50 em mercado' } as const

const fake = await startFakeMeta()
const config = (over: Partial<GraphConfig> = {}): GraphConfig => ({
  apiBase: fake.url,
  phoneNumberId: FAKE_PHONE_NUMBER_ID,
  accessToken: FAKE_TOKEN,
  ...over,
})

/** A server whose next answer the test writes by hand. */
const scripted = await (async () => {
  let answer: (res: ServerResponse) => void = (res) => res.end()
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => answer(res))
  })
  server.on('connection', (socket) => {
    connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiBase: `http://127.0.0.1:${port}/v24.0`,
    answerWith: (fn: (res: ServerResponse) => void) => {
      answer = fn
    },
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
})()

afterAll(async () => {
  await fake.close()
  await scripted.close()
})

beforeEach(() => fake.reset())

describe('postMessage', () => {
  it('sends the message and answers its wamid, over kept-alive connections', async () => {
    const first = await postMessage(config(), '5511987650001', text, 'out:1')
    const second = await postMessage(config(), '5511987650002', text, 'out:2')
    expect(first).toMatchObject({ ok: true, wamid: fake.sent[0]?.wamid })
    expect(second).toMatchObject({ ok: true, wamid: fake.sent[1]?.wamid })
    expect(fake.sent[0]?.body).toMatchObject({
      to: '5511987650001',
      type: 'text',
      text: { body: text.text },
      biz_opaque_callback_data: 'out:1',
    })

    scripted.answerWith((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ messages: [{ id: 'wamid.SCRIPTED' }] }))
    })
    const before = scripted.connections()
    for (let i = 0; i < 3; i++) {
      const sent = await postMessage(config({ apiBase: scripted.apiBase }), '5511987650003', text)
      expect(sent).toEqual({ ok: true, wamid: 'wamid.SCRIPTED' })
    }
    expect(scripted.connections() - before).toBe(1)
  })

  it('gives up waiting after timeoutMs: retryable, "tempo esgotado"', async () => {
    scripted.answerWith(() => {}) // never answers
    const result = await postMessage(
      config({ apiBase: scripted.apiBase, timeoutMs: 200 }),
      '5511987650004',
      text,
    )
    expect(result).toEqual({
      ok: false,
      retryable: true,
      windowClosed: false,
      status: 0,
      code: null,
      reason: 'tempo esgotado',
      retryAfterMs: null,
    })
  })

  it('a connection reset before the answer is a network failure, and the next call goes out', async () => {
    fake.failNext({ hangUp: true })
    const reset = await postMessage(config(), '5511987650005', text)
    expect(reset).toMatchObject({ ok: false, retryable: true, status: 0, code: null })
    expect(reset.ok === false && reset.reason).toMatch(/^rede: /)
    const next = await postMessage(config(), '5511987650005', text)
    expect(next).toMatchObject({ ok: true, wamid: fake.sent[0]?.wamid })
  })

  it('nobody listening is a network failure', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const result = await postMessage(
      config({ apiBase: `http://127.0.0.1:${port}/v24.0` }),
      '5511987650006',
      text,
    )
    expect(result).toMatchObject({ ok: false, retryable: true, status: 0 })
    expect(result.ok === false && result.reason).toMatch(/^rede: .*ECONNREFUSED/)
  })

  it("sorts Meta's errors with their Retry-After", async () => {
    scripted.answerWith((res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' })
      res.end(JSON.stringify({ error: { code: 4, message: 'Application request limit reached' } }))
    })
    expect(await postMessage(config({ apiBase: scripted.apiBase }), '5511987650007', text)).toEqual(
      {
        ok: false,
        retryable: true,
        windowClosed: false,
        status: 429,
        code: 4,
        reason: 'HTTP 429 código 4: Application request limit reached',
        retryAfterMs: 7_000,
      },
    )
    fake.failNext({ status: 400, code: 131047, message: 'Re-engagement message' })
    expect(await postMessage(config(), '5511987650007', text)).toMatchObject({
      ok: false,
      retryable: false,
      windowClosed: true,
      status: 400,
      code: 131047,
    })
  })

  it('a 2xx without a message id, or whose body is cut off, is not sent again', async () => {
    const noId = {
      ok: false,
      retryable: false,
      windowClosed: false,
      status: 200,
      code: null,
      reason: 'HTTP 200 sem id de mensagem',
      retryAfterMs: null,
    }
    scripted.answerWith((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
    expect(await postMessage(config({ apiBase: scripted.apiBase }), '5511987650008', text)).toEqual(
      noId,
    )
    scripted.answerWith((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"messages":[{"id":"wamid.')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    expect(await postMessage(config({ apiBase: scripted.apiBase }), '5511987650008', text)).toEqual(
      noId,
    )
    // The body stalls past the timeout: the status stands, the body unread.
    scripted.answerWith((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"messages":[{"id":"wamid.')
    })
    expect(
      await postMessage(
        config({ apiBase: scripted.apiBase, timeoutMs: 200 }),
        '5511987650008',
        text,
      ),
    ).toEqual(noId)
  })
})
