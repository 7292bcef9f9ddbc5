import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postSigned } from './webhook-delivery.ts'
import {
  checkWebhookUrlShape,
  isPublicAddress,
  resolveWebhookTarget,
  UnsafeWebhookUrlError,
} from './url-guard.ts'

describe('webhook SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each([
    '8.8.8.8',
    '200.147.67.142',
    '2804:14c:1::1',
    '::ffff:8.8.8.8',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  // Issue 25: IPv4 inside IPv6, in the forms the URL parser writes them ([::127.0.0.1] becomes
  // [::7f00:1]): IPv4-compatible (deprecated, never public), mapped and translated.
  it.each([
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:0:7f00:1',
    '::ffff:0:808:808',
  ])('refuses IPv4 hidden in IPv6: %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it('refuses [::127.0.0.1] and [::ffff:127.0.0.1] URLs, and ports other than 443 and 8443', async () => {
    for (const raw of ['https://[::127.0.0.1]/h', 'https://[::ffff:127.0.0.1]/h']) {
      await expect(
        resolveWebhookTarget(checkWebhookUrlShape(raw, 'public-https'), 'public-https'),
      ).rejects.toThrow('rede privada')
    }
    const publicHost = async () => [{ address: '8.8.8.8', family: 4 as const }]
    for (const port of [22, 25, 6379, 8080, 80]) {
      await expect(
        resolveWebhookTarget(
          new URL(`https://hooks.exemplo.com.br:${port}/h`),
          'public-https',
          publicHost,
        ),
      ).rejects.toThrow('Use a porta 443 (padrão do https) ou 8443.')
    }
    for (const raw of ['https://hooks.exemplo.com.br/h', 'https://hooks.exemplo.com.br:8443/h']) {
      await expect(resolveWebhookTarget(new URL(raw), 'public-https', publicHost)).resolves.toEqual(
        { address: '8.8.8.8', family: 4 },
      )
    }
    // Development (policy 'any') keeps local receivers on any port.
    await expect(resolveWebhookTarget(new URL('http://127.0.0.1:3999/h'), 'any')).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    })
  })

  it('needs https and no credentials under the strict policy', () => {
    expect(() => checkWebhookUrlShape('http://exemplo.com.br/h', 'public-https')).toThrow(
      'Use uma URL https://.',
    )
    expect(() => checkWebhookUrlShape('https://a:b@exemplo.com.br/h', 'public-https')).toThrow(
      UnsafeWebhookUrlError,
    )
    expect(checkWebhookUrlShape('http://localhost:3000/h', 'any').hostname).toBe('localhost')
  })

  it('checks every DNS answer: one private address refuses the host', async () => {
    const url = new URL('https://hooks.exemplo.com.br/x')
    const answers = (list: string[]) => async () =>
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const)
    await expect(
      resolveWebhookTarget(url, 'public-https', answers(['8.8.8.8', '10.0.0.5'])),
    ).rejects.toThrow(UnsafeWebhookUrlError)
    await expect(resolveWebhookTarget(url, 'public-https', answers(['8.8.8.8']))).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
    })
    await expect(resolveWebhookTarget(new URL('https://[::1]/x'), 'public-https')).rejects.toThrow(
      UnsafeWebhookUrlError,
    )
    await expect(
      resolveWebhookTarget(new URL('https://169.254.169.254/latest/meta-data'), 'public-https'),
    ).rejects.toThrow(UnsafeWebhookUrlError)
  })

  describe('at delivery time', () => {
    let hits = 0
    const target = http.createServer((_req, res) => {
      hits += 1
      res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
    })
    let port = 0
    beforeAll(async () => {
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
      port = (target.address() as AddressInfo).port
    })
    afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())))

    it('refuses a host that resolves to loopback before connecting', async () => {
      const result = await postSigned(
        `https://localhost:${port}/h`,
        'whsec_x',
        '{}',
        'public-https',
        new Date(),
      )
      expect(result.ok).toBe(false)
      expect(result.statusCode).toBeNull()
      expect(result.error).toContain('rede privada')
      expect(hits).toBe(0)
    })

    it('does not follow redirects (a 302 is a failed attempt)', async () => {
      const result = await postSigned(
        `http://127.0.0.1:${port}/h`,
        'whsec_x',
        '{}',
        'any',
        new Date(),
      )
      expect(result).toEqual({ ok: false, statusCode: 302, error: null })
      expect(hits).toBe(1)
    })
  })
})
