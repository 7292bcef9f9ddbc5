import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startBenchServer } from './bench-server.ts'

/**
 * The public pages' budgets: initial JS ≤ 90 KB gzip and CSS ≤ 15 KB gzip on / (apps/web's
 * bundle-size script), and Lighthouse with its default mobile emulation on Debian's Chromium,
 * median of 3 runs: performance ≥ 97 on / and ≥ 95 on /auth (both prerendered),
 * accessibility 100 on both.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
// LIGHTHOUSE_ROUTES=/auth measures one page only (comma-separated), e.g. while bisecting.
const ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(',')

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', '@equilibrai/web'], { cwd: ROOT, stdio: 'inherit' })
}
const bundle = spawnSync(process.execPath, ['apps/web/scripts/bundle-size.mjs'], {
  cwd: ROOT,
  encoding: 'utf8',
})
console.log(bundle.stdout.trim())

const server = await startBenchServer()
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
})

type Scores = {
  performance: number
  accessibility: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

async function audit(url: string, tries = 3): Promise<Scores> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error('Lighthouse returned no report')
  if (lhr.runtimeError && tries > 1) {
    // Lighthouse sometimes loses the navigation in the trace (NO_NAVSTART) when one URL is
    // loaded again and again: that run measured nothing, so it is run again, not scored 0.
    console.log(`  ${url}: ${lhr.runtimeError.code}, run again`)
    return audit(url, tries - 1)
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

try {
  const pages = [
    ['/', 97],
    ['/auth', 95],
  ] as const
  for (const [route, target] of pages.filter(([route]) => !ROUTES || ROUTES.includes(route))) {
    const runs: Scores[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${route}`))
    const perf = median(runs.map((r) => r.performance))
    const a11y = median(runs.map((r) => r.accessibility))
    console.log(
      `Lighthouse mobile ${route} (median of ${RUNS}): performance ${perf} (target ≥ ${target}), runs ${runs.map((r) => r.performance).join('/')}, accessibility ${a11y} (target 100); ` +
        `FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms, LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}`,
    )
  }
} finally {
  chrome.kill()
  await server.cleanup()
}
