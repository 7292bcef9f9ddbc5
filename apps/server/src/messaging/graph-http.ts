import http from 'node:http'
import https from 'node:https'

/*
 * One HTTP request to Meta's Graph API through node:http / node:https (ADR 008, 2026-11-27).
 * Every reply is one POST; global fetch spent ~8 % of the worker's CPU on it (AbortSignal, web
 * streams, Request/Response objects), which this path does not build. Connections are kept alive
 * in one Agent per API origin, shared by every call of the process; its size is the most calls
 * that can be open at once (the send batches of every job slot), so a call never waits for a
 * socket another one holds.
 */

export type HttpAnswer = {
  status: number
  /** `retry-after`, the one header the callers read. */
  retryAfter: string | null
  /** The body as text; '' when it could not be read to its end (as fetch's `text()` failing). */
  text: string
}

export type HttpFailure = { failed: 'timeout' | 'network'; message: string }

export type HttpCall = {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  /** The whole call: connection, answer and body, as AbortSignal.timeout bounded fetch. */
  timeoutMs: number
  /** Sockets of the origin's Agent, fixed by the first call to that origin. */
  maxSockets: number
}

/*
 * Idle sockets are closed after FREE_SOCKET_MS unless the server announces less (Keep-Alive:
 * timeout=…, which Node's Agent honours): undici's default, so an idle connection Meta closed is
 * not reused and reset under a new request.
 */
const FREE_SOCKET_MS = 4_000

const agents = new Map<string, http.Agent>()

function agentFor(url: URL, maxSockets: number): http.Agent {
  const key = url.origin
  let agent = agents.get(key)
  if (!agent) {
    const options = { keepAlive: true, maxSockets, timeout: FREE_SOCKET_MS }
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
    agents.set(key, agent)
  }
  return agent
}

const TIMED_OUT = new Error('tempo esgotado')

/** Sends one request; never throws (a failure before an answer is an HttpFailure). */
export function httpCall(target: string, call: HttpCall): Promise<HttpAnswer | HttpFailure> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: HttpAnswer | HttpFailure) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    let url: URL
    try {
      url = new URL(target)
    } catch (error) {
      resolve({ failed: 'network', message: (error as Error).message })
      return
    }
    const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8')
    let request: http.ClientRequest
    try {
      request = (url.protocol === 'https:' ? https : http).request(url, {
        method: call.method,
        agent: agentFor(url, call.maxSockets),
        headers: body ? { ...call.headers, 'Content-Length': String(body.length) } : call.headers,
      })
    } catch (error) {
      resolve({ failed: 'network', message: (error as Error).message })
      return
    }
    const timer = setTimeout(() => request.destroy(TIMED_OUT), call.timeoutMs)
    // Once the status is in, a cut-off body (reset, timeout) leaves the answer with no body.
    let answered: { status: number; retryAfter: string | null } | null = null
    request.on('error', (error) => {
      if (answered) settle({ ...answered, text: '' })
      else if (error === TIMED_OUT) settle({ failed: 'timeout', message: error.message })
      else settle({ failed: 'network', message: error.message })
    })
    request.on('response', (response) => {
      const header = response.headers['retry-after']
      const head = {
        status: response.statusCode ?? 0,
        retryAfter: typeof header === 'string' ? header : null,
      }
      answered = head
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () => settle({ ...head, text }))
      response.on('error', () => settle({ ...head, text: '' }))
      response.on('close', () => settle({ ...head, text: response.complete ? text : '' }))
    })
    request.end(body)
  })
}
