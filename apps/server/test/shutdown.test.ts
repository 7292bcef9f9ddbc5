import http from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './test-server.ts'

/*
 * ARCHITECTURE §12: on SIGTERM/SIGINT (RunningServer.close) the server stops taking new
 * requests — keep-alive connections included — finishes those in flight, then exits. A keep-alive
 * client whose request is in flight when the drain starts gets its answer with
 * `Connection: close`, so its next request cannot land on the draining server (where it would be
 * stored and then cut off, and a retry would store it twice).
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.database.close()
})

type Answer = { status: number; connection: string | undefined; body: string }

function post(agent: http.Agent, path: string, body: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

let phone = 11_987_654_320
const entry = (email: string) => ({ nome: 'Pessoa Teste', whatssapp: String(++phone), email })
const stored = async (email: string) =>
  (await server.database.pool.query('select 1 from usuarios where email = $1', [email])).rowCount

describe('shutdown with a keep-alive client', () => {
  it('finishes the request in flight with Connection: close and takes no new one', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    // The connection is open and kept alive.
    const warmup = await post(agent, '/api/waitlist', entry('primeiro@exemplo.com.br'))
    expect(warmup.status).toBe(201)
    expect(warmup.connection).not.toBe('close')

    // A request held in flight by a lock on its table.
    const holder = new pg.Client({ connectionString: server.database.url })
    holder.on('error', () => {})
    await holder.connect()
    await holder.query('begin')
    await holder.query('lock table usuarios in access exclusive mode')
    const inFlight = post(agent, '/api/waitlist', entry('em-andamento@exemplo.com.br'))
    await expect
      .poll(
        async () =>
          (
            await server.database.pool.query(
              `select 1 from pg_stat_activity where wait_event_type = 'Lock'
                 and datname = current_database()`,
            )
          ).rowCount,
      )
      .toBeGreaterThan(0)

    const closed = server.close()
    await holder.query('rollback')
    await holder.end()
    const answer = await inFlight
    expect(answer.status).toBe(201)
    expect(answer.connection).toBe('close')
    expect(await stored('em-andamento@exemplo.com.br')).toBe(1)

    // The next request on the same client is not taken: the socket was closed, and the server
    // no longer listens.
    const next = await post(agent, '/api/waitlist', entry('depois@exemplo.com.br')).catch(
      (error: NodeJS.ErrnoException) => error.code,
    )
    expect(next).toBe('ECONNREFUSED')
    expect(await stored('depois@exemplo.com.br')).toBe(0)
    await closed
    agent.destroy()
  })
})
