import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { createApp } from './create-app.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer()

type Operation = {
  summary?: string
  tags?: string[]
  parameters?: ({ name: string; in: string } | { $ref: string })[]
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> }
  responses: Record<string, { $ref?: string; content?: Record<string, { example?: unknown }> }>
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; webhooks: object }

async function fetchDocument(): Promise<Doc> {
  const res = await server.api('/api/v1/openapi.json')
  expect(res.status).toBe(200)
  return (await res.json()) as Doc
}

/** Every /api/v1 route the app registers, as "METHOD /openapi/{path}". */
function registeredV1Routes(): string[] {
  const app = createApp(server.deps)
  const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
  return [
    ...new Set(
      app.routes
        .filter((r) => methods.has(r.method) && r.path.startsWith('/api/v1/'))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    ),
  ].sort()
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await fetchDocument()
    expect(doc.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(doc) as never)
    if (!result.valid) throw new Error(compileErrors(result))
    expect(result.valid).toBe(true)
  })

  it('documents EVERY /api/v1 route registered in the app (add apiDoc() next to new routes)', async () => {
    const doc = await fetchDocument()
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    const routes = registeredV1Routes()
    expect(routes.length).toBeGreaterThan(15)
    expect(routes.filter((r) => !documented.includes(r))).toEqual([])
    expect(documented.filter((r) => !routes.includes(r))).toEqual([])
  })

  it('gives every operation a summary, its parameters, error answers and examples', async () => {
    const doc = await fetchDocument()
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`
        expect(op.summary, where).toBeTruthy()
        expect(op.tags?.length, where).toBe(1)
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          expect(
            op.parameters?.some((p) => 'name' in p && p.in === 'path' && `{${p.name}}` === name),
            `${where} declares ${name}`,
          ).toBe(true)
        }
        const success = Object.entries(op.responses).find(([code]) => code.startsWith('2'))
        expect(success, where).toBeDefined()
        if (success?.[0] !== '204' && path !== '/api/v1/openapi.json') {
          const media = Object.values(success?.[1].content ?? {})[0]
          expect(media?.example, `${where} response example`).toBeDefined()
        }
        if (op.requestBody) {
          const media = op.requestBody.content['application/json']
          expect(media?.schema, `${where} body schema`).toBeDefined()
          expect(media?.example, `${where} body example`).toBeDefined()
        }
        if (path === '/api/v1/openapi.json') continue
        for (const code of ['400', '401', '403', '429']) {
          expect(op.responses[code]?.$ref, `${where} ${code}`).toMatch(
            /^#\/components\/responses\//,
          )
        }
        if (method === 'post') {
          expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' })
        }
      }
    }
  })

  it('takes request schemas from the zod schemas the routes validate with', async () => {
    const doc = await fetchDocument()
    const create = doc.paths['/api/v1/transactions']?.post
    const schema = create?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { enum?: string[]; maximum?: number }>
      required: string[]
    }
    expect(schema.required).toEqual(
      expect.arrayContaining(['type', 'amount_cents', 'description', 'category', 'occurred_on']),
    )
    expect(schema.properties.type?.enum).toEqual(['expense', 'income'])
    expect(schema.properties.category?.enum).toContain('mercado')
    const list = doc.paths['/api/v1/transactions']?.get
    expect(list?.parameters?.map((p) => ('name' in p ? p.name : p.$ref))).toEqual([
      'from',
      'to',
      'limit',
      'cursor',
      'member',
      'account_id',
      'q',
      'type',
      'category',
      'custom_category_id',
      'min_cents',
      'max_cents',
    ])
    expect(Object.keys(doc.webhooks)).toContain('transaction.created')
  })

  it('serves /docs/api from our own origin under the strict CSP', async () => {
    const page = await server.api('/docs/api')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<script src="/docs/api/scalar.js"></script>')
    expect(html).not.toMatch(/https?:\/\//)
    expect(html).not.toMatch(/<script>(?!<\/script>)/)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'self'")
    const init = await server.api('/docs/api/reference.js')
    const script = await init.text()
    expect(script).toContain("url: '/api/v1/openapi.json'")
    // Nothing of the document leaves for Scalar's hosted services (AI chat, MCP, fonts).
    expect(script).toContain('agent: { disabled: true }')
    expect(script).toContain('mcp: { disabled: true }')
    expect(script).toContain('withDefaultFonts: false')
    const bundle = await server.api('/docs/api/scalar.js')
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toContain('javascript')
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000)
  })
})
