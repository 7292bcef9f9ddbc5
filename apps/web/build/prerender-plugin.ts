import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'

const ROOT_DIV = '<div id="root"></div>'

/**
 * After the build, renders the landing page (src/prerender.tsx) to HTML and writes it into
 * dist/index.html inside <div id="root">. Browsers paint it as soon as the HTML and CSS
 * arrive, and src/main.tsx hydrates it. The server answers every client route with this same
 * file: on other paths public/boot.js hides it until React renders the real page.
 */
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

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'equilibrai:prerender-landing',
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
        const { renderLanding } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          renderLanding: () => Promise<string>
        }
        const file = join(config.root, config.build.outDir, 'index.html')
        const html = await readFile(file, 'utf8')
        if (!html.includes(ROOT_DIV)) throw new Error(`prerender: ${ROOT_DIV} not in index.html`)
        const markup = `<div id="root">${await renderLanding()}</div>`
        const outDir = join(config.root, config.build.outDir)
        await writeFile(file, await inlineStylesheets(html.replace(ROOT_DIV, markup), outDir))
      } finally {
        await server.close()
      }
    },
  }
}
