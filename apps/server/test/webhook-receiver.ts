import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number }

/**
 * A local webhook receiver: records every POST and answers with the next status of `script`
 * (the last one repeats), 200 when none is given.
 */
export async function startReceiver(script: number[] = [200]) {
  const received: Received[] = []
  let answered = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      })
      const status = script[Math.min(answered, script.length - 1)] ?? 200
      answered += 1
      res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
