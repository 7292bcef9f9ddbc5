import type { IncomingMessage } from 'node:http'
import { isIPv6 } from 'node:net'
import type { Context } from 'hono'

/** What @hono/node-server puts in `c.env`: the Node request, for the socket address. */
export type NodeBindings = { incoming?: IncomingMessage }

/**
 * The client's address: from TRUST_PROXY's header when the server sits behind a proxy that sets
 * it (for a list like X-Forwarded-For, the last entry: the one our proxy appended, which the
 * client cannot forge), otherwise the socket's peer address. Without TRUST_PROXY, forwarded
 * headers are ignored: anyone could send them.
 */
export function clientIp<E extends { Bindings: NodeBindings }>(
  c: Context<E>,
  trustProxy?: string,
): string {
  if (trustProxy) {
    const value = c.req.header(trustProxy)
    const last = value
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1)
    if (last) return normalizeIp(last)
  }
  return normalizeIp(c.env?.incoming?.socket.remoteAddress ?? 'unknown')
}

/** IPv4-mapped IPv6 as IPv4; IPv6 reduced to its /64, which one subscriber usually holds. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
