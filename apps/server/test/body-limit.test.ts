import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { delivery, fakeMetaEnv, messageId, signedDelivery } from './fake-meta.ts'
import { useTestServer } from './use-test-database.ts'

/**
 * The /api body limit (1 MB, platform/http/body-limit.ts): decided from Content-Length when the
 * request declares one, counted as the bytes come when it is chunked; a body within the limit
 * reaches the route whole either way (here the WhatsApp webhook, which checks its signature
 * over the exact bytes and stores the message).
 */
const server = useTestServer({ ...fakeMetaEnv({ url: 'http://127.0.0.1:9' }), WORKER: 'off' })

/** A POST written in pieces: without `length` Node sends it chunked. */
function post(
  path: string,
  pieces: string[],
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, server.url), { method: 'POST', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    // The server may answer 413 and close before the whole body is written.
    req.on('error', reject)
    for (const piece of pieces) req.write(piece)
    req.end()
  })
}

const stored = async (id: string) =>
  (await server.database.pool.query('select 1 from whatsapp_inbound where message_id = $1', [id]))
    .rowCount

describe('body limit', () => {
  it('passes a chunked webhook delivery to the route whole', async () => {
    const id = messageId()
    const signed = signedDelivery(
      delivery({ messages: [{ from: '5511987600001', id, text: 'gastei 10 no pão' }] }),
    )
    const half = Math.floor(signed.body.length / 2)
    const res = await post(
      '/api/webhooks/whatsapp',
      [signed.body.slice(0, half), signed.body.slice(half)],
      signed.headers,
    )
    expect(res.status).toBe(200)
    expect(await stored(id)).toBe(1)
  })

  it('passes a delivery with Content-Length to the route whole', async () => {
    const id = messageId()
    const signed = signedDelivery(
      delivery({ messages: [{ from: '5511987600001', id, text: 'gastei 11 no pão' }] }),
    )
    const res = await server.api('/api/webhooks/whatsapp', signed)
    expect(res.status).toBe(200)
    expect(await stored(id)).toBe(1)
  })

  it('refuses a declared length over 1 MB with 413 before reading it', async () => {
    const res = await server.api('/api/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"${'x'.repeat(1024 * 1024)}@exemplo.com.br"}`,
    })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('refuses a chunked body that grows over 1 MB with 413', async () => {
    const piece = 'x'.repeat(256 * 1024)
    const res = await post('/api/waitlist', ['{"email":"', piece, piece, piece, piece, piece], {
      'content-type': 'application/json',
    }).catch((error: NodeJS.ErrnoException) => ({ status: -1, body: error.code ?? '' }))
    // Answered 413, or the connection closed by the server once it answered (EPIPE/ECONNRESET
    // while the client was still writing).
    if (res.status === -1) expect(['EPIPE', 'ECONNRESET']).toContain(res.body)
    else {
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE')
    }
  })
})
