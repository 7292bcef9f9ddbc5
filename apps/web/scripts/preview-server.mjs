#!/usr/bin/env node
/**
 * PREVIEW HELPER ONLY — not the product's server (that is apps/server). Serves apps/web/dist
 * like production (SPA fallback, the strict CSP) and fakes the two public endpoints the
 * landing page calls, so the page can be looked at before the real API exists:
 *   GET  /api/plans     the four plans of ARCHITECTURE §6
 *   POST /api/waitlist  201; a name containing "erro" gets the 400 error body
 *   GET  /api/auth/get-session  null (nobody signed in)
 * Usage: node apps/web/scripts/preview-server.mjs [--port 4173] [--plans-fail] [--delay 800]
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i === -1 ? fallback : args[i + 1]
}
const port = Number(option('--port', 4173))
const delay = Number(option('--delay', 0))
const plansFail = args.includes('--plans-fail')
const dist = fileURLToPath(new URL('../dist/', import.meta.url))

const feature = (on) =>
  Object.fromEntries(
    [
      'controle_financeiro',
      'acesso_whatsapp',
      'relatórios_básicos',
      'alertas_orçamento',
      'exportação_pdf',
      'análise_avançada',
      'dashboard_equipe',
      'suporte_prioritário',
      'acesso_api',
      'integrações_personalizadas',
      'suporte_dedicado',
    ].map((key) => [key, on.includes(key)]),
  )
const BASE = ['controle_financeiro', 'acesso_whatsapp']
const PF = [...BASE, 'relatórios_básicos', 'alertas_orçamento', 'exportação_pdf']
const E2 = [...PF, 'análise_avançada', 'dashboard_equipe', 'suporte_prioritário']
const E15 = [...E2, 'acesso_api', 'integrações_personalizadas', 'suporte_dedicado']
// Deliberately not sorted: the page must sort by price itself.
const PLANS = [
  {
    plan_type: 'empresas_2',
    name: 'Empresas 2',
    price_monthly: 49.9,
    stripe_price_id: 'price_e2',
    max_monthly_transactions: -1,
    max_users: 2,
    features: feature(E2),
  },
  {
    plan_type: 'free',
    name: 'Gratuito',
    price_monthly: 0,
    stripe_price_id: null,
    max_monthly_transactions: 5,
    max_users: 1,
    features: feature(BASE),
  },
  {
    plan_type: 'empresas_15',
    name: 'Empresas 15',
    price_monthly: 149.9,
    stripe_price_id: 'price_e15',
    max_monthly_transactions: -1,
    max_users: 15,
    features: feature(E15),
  },
  {
    plan_type: 'pf_simples',
    name: 'Pessoa Física',
    price_monthly: 19.9,
    stripe_price_id: 'price_pf',
    max_monthly_transactions: -1,
    max_users: 1,
    features: feature(PF),
  },
]

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
}
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

const json = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const readBody = (req) =>
  new Promise((resolve) => {
    let data = ''
    req.on('data', (part) => {
      data += part
    })
    req.on('end', () => resolve(data))
  })

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname.startsWith('/api/')) {
    if (delay) await new Promise((r) => setTimeout(r, delay))
    if (url.pathname === '/api/plans' && req.method === 'GET') {
      if (plansFail) return json(res, 500, { error: { code: 'INTERNAL', message: 'Erro interno' } })
      return json(res, 200, PLANS)
    }
    if (url.pathname === '/api/auth/get-session') return json(res, 200, null)
    if (url.pathname === '/api/waitlist' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}')
      console.log('waitlist', body)
      if (String(body.nome).toLowerCase().includes('erro')) {
        return json(res, 400, {
          error: { code: 'VALIDATION', message: 'WhatsApp deve ter DDD e número' },
        })
      }
      return json(res, 201, { ok: true })
    }
    return json(res, 404, { error: { code: 'NOT_FOUND', message: 'Não encontrado' } })
  }
  let file = normalize(join(dist, decodeURIComponent(url.pathname)))
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    file = join(dist, 'index.html')
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  const headers = { 'Content-Type': type, 'Content-Security-Policy': CSP }
  if (url.pathname.startsWith('/assets/'))
    headers['Cache-Control'] = 'public, max-age=31536000, immutable'
  else headers['Cache-Control'] = 'no-cache'
  res.writeHead(200, headers)
  createReadStream(file).pipe(res)
}).listen(port, () => console.log(`preview: http://localhost:${port}`))
