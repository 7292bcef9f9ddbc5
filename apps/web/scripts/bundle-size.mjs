#!/usr/bin/env node
/**
 * The landing page's download budget (a hard requirement): the JavaScript `/` loads before it
 * can paint — the entry chunk, the landing route chunk (imported at once on `/`) and
 * everything they import statically — must stay ≤ 90 KB gzip, and its CSS ≤ 15 KB gzip.
 * Lazy chunks fetched afterwards (pricing and waitlist, the router, toasts) are listed for
 * information. Reads dist/.vite/manifest.json; run after `vite build`. Exits 1 when over.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const JS_BUDGET = 90 * 1024
const CSS_BUDGET = 15 * 1024
const LANDING_ROUTE = 'src/features/landing/components/landing-page.tsx'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
let manifest
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
} catch {
  console.error('dist/.vite/manifest.json não encontrado: rode `npm run build -w @equilibrai/web`.')
  process.exit(1)
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey || !manifest[LANDING_ROUTE]) {
  console.error(`Manifesto sem a entrada ou sem ${LANDING_ROUTE}.`)
  process.exit(1)
}

/** A chunk and everything it imports statically, as manifest keys. */
function staticClosure(roots) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  for (const root of roots) visit(root)
  return seen
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`

function report(title, keys) {
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))
  const css = new Set([...keys].flatMap((key) => manifest[key].css ?? []))
  const jsRows = [...new Set(files)].map((file) => [file, gzipSize(file)])
  const cssRows = [...css].map((file) => [file, gzipSize(file)])
  console.log(`\n${title}`)
  for (const [file, size] of [...jsRows, ...cssRows].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(size).padStart(10)}  ${file}`)
  }
  const sum = (rows) => rows.reduce((total, [, size]) => total + size, 0)
  return { js: sum(jsRows), css: sum(cssRows) }
}

const initial = staticClosure([entryKey, LANDING_ROUTE])
const { js, css } = report('Landing page, first load (gzip):', initial)

// Informational: what `/` fetches right after it paints (its lazy sections), and what it
// fetches only on demand (the router on the first internal link, sonner on the first toast).
const afterPaint = new Set()
for (const lazy of manifest[LANDING_ROUTE].dynamicImports ?? []) {
  for (const key of staticClosure([lazy])) if (!initial.has(key)) afterPaint.add(key)
}
const onDemand = new Set()
for (const lazy of manifest[entryKey].dynamicImports ?? []) {
  for (const key of staticClosure([lazy])) {
    if (!initial.has(key) && !afterPaint.has(key)) onDemand.add(key)
  }
}
if (afterPaint.size) report('Fetched right after the first paint (informational):', afterPaint)
if (onDemand.size) report('Fetched on demand (informational):', onDemand)

const jsOk = js <= JS_BUDGET
const cssOk = css <= CSS_BUDGET
console.log(`\nJS  ${kb(js)} / ${kb(JS_BUDGET)} ${jsOk ? 'ok' : 'OVER BUDGET'}`)
console.log(`CSS ${kb(css)} / ${kb(CSS_BUDGET)} ${cssOk ? 'ok' : 'OVER BUDGET'}`)
process.exit(jsOk && cssOk ? 0 : 1)
