import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

type StaticFile = {
  body: Buffer
  gzip?: Buffer
  br?: Buffer
  type: string
  cacheControl: string
  etag: string
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
])

/**
 * The built SPA, read and compressed once at start (it is a few hundred KB), then served from
 * memory: hashed assets cached for a year, everything else revalidated, and any other non-/api
 * path answered with index.html so client-side routes survive a reload.
 */
export function loadStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  if (!existsSync(path.join(distDir, 'index.html'))) return files
  for (const file of walk(distDir)) {
    const rel = `/${path.relative(distDir, file).split(path.sep).join('/')}`
    if (rel.startsWith('/.vite/')) continue
    const ext = path.extname(file)
    const body = readFileSync(file)
    const hashed = rel.startsWith('/assets/')
    const entry: StaticFile = {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: `"${statSync(file).size.toString(36)}-${hash(body)}"`,
    }
    if (COMPRESSIBLE.has(ext) && body.length > 512) {
      entry.gzip = gzipSync(body, { level: 9 })
      entry.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    }
    files.set(rel, entry)
  }
  return files
}

export function serveStatic(files: Map<string, StaticFile>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const pathname = decodeURIComponent(new URL(c.req.url).pathname)
    if (pathname === '/api' || pathname.startsWith('/api/')) return next()
    // A prerendered page (dist/auth.html for /auth) answers for its path without the extension.
    const file = files.get(pathname) ?? files.get(`${pathname}.html`) ?? files.get('/index.html')
    if (!file) {
      return c.text('O aplicativo web ainda não foi construído. Rode `npm run build`.', 503)
    }
    return send(c, file)
  }
}

function send(c: Context, file: StaticFile) {
  c.header('Content-Type', file.type)
  c.header('Cache-Control', file.cacheControl)
  c.header('ETag', file.etag)
  c.header('Vary', 'Accept-Encoding')
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304)
  const accept = c.req.header('accept-encoding') ?? ''
  if (file.br && /\bbr\b/.test(accept)) {
    c.header('Content-Encoding', 'br')
    return c.body(new Uint8Array(file.br))
  }
  if (file.gzip && /\bgzip\b/.test(accept)) {
    c.header('Content-Encoding', 'gzip')
    return c.body(new Uint8Array(file.gzip))
  }
  return c.body(new Uint8Array(file.body))
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else yield full
  }
}

function hash(body: Buffer): string {
  let h = 2166136261
  for (let i = 0; i < body.length; i++) h = Math.imul(h ^ (body[i] ?? 0), 16777619)
  return (h >>> 0).toString(36)
}
