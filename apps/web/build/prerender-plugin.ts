import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'

const ROOT_DIV = '<div id="root"></div>'

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g

/**
 * The app's one stylesheet (≈ 8 KB gzip) goes inline into index.html: on a slow phone network a
 * separate render-blocking request competes with the modulepreloaded JavaScript for bandwidth
 * and delays the first paint of the prerendered page. The CSP allows inline styles.
 */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  let result = html
  for (const match of html.matchAll(STYLESHEET)) {
    const [tag, href = ''] = match
    const css = await readFile(join(outDir, href), 'utf8')
    result = result.replace(tag, `<style>${css.replaceAll('</style', '<\\/style')}</style>`)
  }
  return result
}

type Prerender = {
  renderLanding: () => Promise<string>
  renderAuth: () => Promise<string>
  renderAppPage: (path: string) => Promise<string>
  pageTitle: (title?: string) => string
}

/**
 * Pages whose HTML is prerendered: the landing page, and /auth (the way in for every visitor).
 * `modules` are what the page imports lazily at once: their chunks (and the entry's static
 * imports) are modulepreloaded, so they download alongside the entry instead of after it.
 */
const PAGES: Array<{
  path: string
  file: string
  title?: string
  render: (m: Prerender) => Promise<string>
  modules: string[]
}> = [
  {
    path: '/',
    file: 'index.html',
    render: (m) => m.renderLanding(),
    modules: ['src/features/landing/components/landing-page.tsx'],
  },
  {
    path: '/auth',
    file: 'auth.html',
    title: 'Entrar',
    // Landing mode: the page alone, without the router (ADR 018, 2026-11-26).
    render: (m) => m.renderAuth(),
    modules: ['src/features/auth/components/standalone-auth-page.tsx'],
  },
]

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>

/** The chunks the entry and `modules` import statically (and the modules' own), entry excluded. */
function staticChunks(manifest: Manifest, modules: string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) throw new Error(`prerender: ${key} not in the manifest`)
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) if (!seen.has(imported)) visit(imported)
  }
  for (const root of [...entries, ...modules]) if (!seen.has(root)) visit(root)
  return [...seen].filter((key) => !manifest[key]?.isEntry).map((key) => manifest[key]?.file ?? '')
}

const MODULEPRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g

function withModulePreloads(html: string, files: string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  return html.replace(MODULEPRELOAD, '').replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
}

/**
 * The page paints from its HTML and CSS alone; its JavaScript only hydrates it. So the module
 * downloads go at low priority, behind what the first paint needs: on a slow phone network
 * they no longer compete with the document (Lighthouse counts high-priority scripts as
 * render-blocking: FCP 2.1 s → 1.4 s on /, 2.6 s → 1.3 s on /auth).
 */
function lowPriorityModules(html: string): string {
  return html.replaceAll(
    '<link rel="modulepreload" crossorigin',
    '<link rel="modulepreload" fetchpriority="low" crossorigin',
  )
}

/**
 * No paint before the whole prerendered page is parsed: a first paint of part of /auth (its
 * content is centred vertically) moved the card when the rest arrived, a layout shift of 0.11
 * to 0.17 in one load out of three. `<link rel="expect" blocking="render">` holds rendering
 * until the marker after #root is parsed (browsers without it ignore the link).
 */
function paintWhole(html: string): string {
  return html
    .replace('</head>', '  <link rel="expect" href="#root-end" blocking="render">\n  </head>')
    .replace('</body>', '  <span id="root-end" hidden></span>\n  </body>')
}

/**
 * After the build, renders each of PAGES to HTML (src/prerender.tsx) and writes it inside
 * <div id="root"> of its file, with `data-prerendered="<path>"` on <html> (public/boot.js and
 * src/main.tsx read it: hydrate on that path, hide and render on any other). The server sends
 * each file for its path (and index.html for every other client route).
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'equilibrai:prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      })
      try {
        const prerender = (await server.ssrLoadModule('/src/prerender.tsx')) as Prerender
        const outDir = join(config.root, config.build.outDir)
        const template = await readFile(join(outDir, 'index.html'), 'utf8')
        if (!template.includes(ROOT_DIV)) {
          throw new Error(`prerender: ${ROOT_DIV} not in index.html`)
        }
        const manifest = JSON.parse(
          await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest
        const styled = await inlineStylesheets(template, outDir)
        // One at a time: the app pages share module state (the router App renders).
        for (const page of PAGES) {
          let html = styled
            .replace('<html lang="pt-BR">', `<html lang="pt-BR" data-prerendered="${page.path}">`)
            .replace(ROOT_DIV, `<div id="root">${await page.render(prerender)}</div>`)
          if (page.title) {
            html = html.replace(
              /<title>[^<]*<\/title>/,
              `<title>${prerender.pageTitle(page.title)}</title>`,
            )
          }
          html = withModulePreloads(html, staticChunks(manifest, page.modules))
          html = paintWhole(lowPriorityModules(html))
          if (!html.includes(`data-prerendered="${page.path}"`)) {
            throw new Error('prerender: <html lang="pt-BR"> not in index.html')
          }
          await writeFile(join(outDir, page.file), html)
        }
      } finally {
        await server.close()
      }
    },
  }
}
