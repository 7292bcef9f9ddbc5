import { describe, expect, it } from 'vitest'
import { normalizeIp } from './client-ip.ts'

describe('normalizeIp', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and reduces IPv6 to its /64', () => {
    expect(normalizeIp('203.0.113.9')).toBe('203.0.113.9')
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(normalizeIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64')
    expect(normalizeIp('2001:0db8::1')).toBe('2001:db8:0:0::/64')
    expect(normalizeIp('::1')).toBe('0:0:0:0::/64')
  })
})
