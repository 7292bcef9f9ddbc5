import http from 'node:http'
import { pages } from './page-calls.ts'

/*
 * The load of web-pages.bench.ts, in a process of its own so that its CPU is not the server's.
 * It receives {url, month, users, page, seconds}: each user loads `page` over and over (every API
 * call of the page at once, 6 connections, no pause) for `seconds`; it answers {requests, failed}.
 */

type Run = {
  url: string
  month: string
  users: Array<{ cookie: string; ip: string }>
  page: string
  seconds: number
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', () => resolve(0))
    })
    req.on('error', () => resolve(0))
  })
}

async function run({ url, month, users, page, seconds }: Run) {
  const paths = pages(month)[page] ?? []
  const until = performance.now() + seconds * 1000
  let requests = 0
  let failed = 0
  await Promise.all(
    users.map(async (user) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
      const headers = {
        cookie: user.cookie,
        'x-forwarded-for': user.ip,
        accept: 'application/json',
      }
      while (performance.now() < until) {
        const statuses = await Promise.all(paths.map((p) => get(agent, new URL(p, url), headers)))
        requests += statuses.length
        // A person without a team gets 403 from /api/team: the page reads it as "not a member".
        failed += statuses.filter(
          (s, i) => (s < 200 || s >= 300) && !(s === 403 && paths[i] === '/api/team'),
        ).length
      }
      agent.destroy()
    }),
  )
  return { requests, failed }
}

process.on('message', (message: Run | 'exit') => {
  if (message === 'exit') return process.disconnect?.()
  run(message).then((result) => process.send?.(result))
})
process.send?.('ready')
