import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './test-server.ts'

let server: TestServer
let webDist: string

beforeAll(async () => {
  const { mkdtempSync } = await import('node:fs')
  const os = await import('node:os')
  webDist = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-dist-'))
  mkdirSync(path.join(webDist, 'assets'))
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html lang="pt-BR"><body>${'app '.repeat(300)}</body></html>`,
  )
  writeFileSync(
    path.join(webDist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))})`,
  )
  server = await startTestServer({ STRIPE_PRICE_PF_SIMPLES: 'price_pf_env' }, webDist)
})
afterAll(() => server?.stop())

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const res = await server.api('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })
})

describe('GET /api/plans', () => {
  it('lists the four plans by monthly price with numeric prices', async () => {
    const res = await server.api('/api/plans')
    expect(res.status).toBe(200)
    const plans = (await res.json()) as Array<Record<string, unknown>>
    expect(
      plans.map((p) => [
        p.plan_type,
        p.name,
        p.price_monthly,
        p.max_monthly_transactions,
        p.max_users,
      ]),
    ).toEqual([
      ['free', 'Gratuito', 0, 5, 1],
      ['pf_simples', 'Pessoa Física', 19.9, -1, 1],
      ['empresas_2', 'Empresas 2', 49.9, -1, 2],
      ['empresas_15', 'Empresas 15', 149.9, -1, 15],
    ])
    for (const plan of plans) expect(Object.keys(plan.features as object)).toHaveLength(11)
    const [free, pf, e2, e15] = plans.map((p) => p.features as Record<string, boolean>)
    expect(free?.controle_financeiro && free.acesso_whatsapp && !free.relatórios_básicos).toBe(true)
    expect(pf?.exportação_pdf && !pf.análise_avançada).toBe(true)
    expect(e2?.dashboard_equipe && e2.relatórios_básicos && !e2.acesso_api).toBe(true)
    expect(Object.values(e15 ?? {}).every(Boolean)).toBe(true)
  })

  it('fills stripe_price_id from STRIPE_PRICE_* at start', async () => {
    const plans = (await (await server.api('/api/plans')).json()) as Array<Record<string, unknown>>
    expect(plans.find((p) => p.plan_type === 'pf_simples')?.stripe_price_id).toBe('price_pf_env')
    expect(plans.find((p) => p.plan_type === 'empresas_2')?.stripe_price_id).toBeNull()
  })

  it('sees a price change at once (NOTIFY drops the cached copy)', async () => {
    await server.api('/api/plans')
    await server.database.pool.query(
      `update plan_features set price_monthly = 24.90 where plan_type = 'pf_simples'`,
    )
    await expect
      .poll(async () => {
        const plans = (await (await server.api('/api/plans')).json()) as Array<
          Record<string, unknown>
        >
        return plans.find((p) => p.plan_type === 'pf_simples')?.price_monthly
      })
      .toBe(24.9)
  })

  it('answers 304 to a matching ETag and gzip when asked', async () => {
    const first = await server.api('/api/plans')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const again = await server.api('/api/plans', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })
})

describe('errors on /api', () => {
  it('answers an unknown route with a 404 in the error shape', async () => {
    const res = await server.api('/api/nao-existe')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Rota não encontrada.' },
    })
  })

  it('never answers 500 to an oversized body', async () => {
    const res = await server.api('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    })
    expect(res.status).toBeLessThan(500)
  })
})

describe('security headers', () => {
  it('sends a strict CSP, nosniff and a referrer policy on every response', async () => {
    for (const p of ['/api/health', '/', '/dashboard', '/api/nope']) {
      const res = await server.api(p)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-request-id')).toBeTruthy()
      // HSTS only in production
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })
})

describe('the web app', () => {
  it('answers any non-/api path with index.html (history fallback)', async () => {
    for (const p of ['/', '/dashboard', '/admin/anything', '/auth?plan=free']) {
      const res = await server.api(p)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain('lang="pt-BR"')
    }
  })

  it('serves hashed assets with a year of cache, compressed', async () => {
    const res = await server.api('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toContain('text/javascript')
  })
})
