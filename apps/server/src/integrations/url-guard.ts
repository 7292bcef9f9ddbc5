import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { type Env, AppError } from '../platform/index.ts'

/*
 * SSRF guard for outgoing webhooks (ARCHITECTURE §8, ADR 017). Under the 'public-https'
 * policy (always in production) a URL must be https and every address its host resolves to
 * must be public: no loopback, private, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast, reserved or documentation ranges, in IPv4 or IPv6 (mapped
 * IPv4 addresses are checked as IPv4, IPv4-compatible and translated ones refused), and the
 * port must be 443 or 8443 (WEBHOOK_PORTS). It is checked when the endpoint is registered and
 * again at every delivery after DNS resolution; the delivery then connects to the address
 * that was checked (no second lookup to race) and follows no redirects.
 */

export type WebhookUrlPolicy = 'public-https' | 'any'

export function webhookUrlPolicy(env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_URLS'>): WebhookUrlPolicy {
  if (env.NODE_ENV === 'production') return 'public-https'
  return env.WEBHOOK_URLS ?? 'any'
}

export class UnsafeWebhookUrlError extends AppError {
  constructor(message: string) {
    super(400, 'WEBHOOK_URL_NOT_ALLOWED', message)
  }
}

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/**
 * Ports a webhook may use under the strict policy (https's own, and its usual alternative):
 * a public address on any port would let an endpoint aim at mail, database or admin ports.
 */
export const WEBHOOK_PORTS = ['443', '8443'] as const

/** Whether an IP address is one a webhook may be delivered to under the strict policy. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const groups = ipv6Groups(address)
  if (!groups) return false
  const zeros = (n: number) => groups.slice(0, n).every((g) => g === 0)
  // IPv4 inside IPv6, in any spelling (::ffff:127.0.0.1 or ::ffff:7f00:1): mapped addresses
  // are checked as the IPv4 they carry; IPv4-compatible (::a.b.c.d, deprecated) and
  // IPv4-translated (::ffff:0:a.b.c.d) ones are never public.
  if (zeros(5) && groups[5] === 0xffff) return isPublicAddress(ipv4Of(groups))
  if (zeros(6)) return false
  if (zeros(4) && groups[4] === 0xffff && groups[5] === 0) return false
  return !blocked.check(address, 'ipv6')
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const part = (t: string | undefined) => (t ? t.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const left = part(head)
  const right = part(tail)
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null
}

function ipv4Of(groups: number[]): string {
  const [hi = 0, lo = 0] = groups.slice(6)
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.')
}

/** The URL's shape: http(s), no credentials; https only under the strict policy. */
export function checkWebhookUrlShape(raw: string, policy: WebhookUrlPolicy): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UnsafeWebhookUrlError('URL inválida.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnsafeWebhookUrlError('Use uma URL http:// ou https://.')
  }
  if (policy === 'public-https' && url.protocol !== 'https:') {
    throw new UnsafeWebhookUrlError('Use uma URL https://.')
  }
  if (url.username || url.password) {
    throw new UnsafeWebhookUrlError('A URL não pode conter usuário ou senha.')
  }
  return url
}

export type ResolvedTarget = { address: string; family: 4 | 6 }

/**
 * The address to connect to for `url`: its host resolved once, every answer checked under the
 * strict policy (one private answer refuses the whole host, so a DNS that alternates between
 * a public and a private address cannot slip through).
 */
export async function resolveWebhookTarget(
  url: URL,
  policy: WebhookUrlPolicy,
  resolve: (host: string) => Promise<ResolvedTarget[]> = systemResolve,
): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const literal = isIP(host)
  const answers: ResolvedTarget[] = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : await resolve(host).catch(() => {
        throw new UnsafeWebhookUrlError(`Não foi possível resolver o endereço ${host}.`)
      })
  const first = answers[0]
  if (!first) throw new UnsafeWebhookUrlError(`Não foi possível resolver o endereço ${host}.`)
  if (policy === 'public-https' && answers.some((a) => !isPublicAddress(a.address))) {
    throw new UnsafeWebhookUrlError(
      'O endereço do endpoint aponta para uma rede privada ou reservada; use um endereço público.',
    )
  }
  if (
    policy === 'public-https' &&
    !(WEBHOOK_PORTS as readonly string[]).includes(url.port || '443')
  ) {
    throw new UnsafeWebhookUrlError('Use a porta 443 (padrão do https) ou 8443.')
  }
  return first
}

async function systemResolve(host: string): Promise<ResolvedTarget[]> {
  const answers = await lookup(host, { all: true, verbatim: true })
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}
