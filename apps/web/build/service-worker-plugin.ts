import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const LANDING_ROUTE = 'src/features/landing/components/landing-page.tsx'

/** Files in public/ that belong to the offline shell. */
const PUBLIC_SHELL = [
  '/offline.html',
  '/boot.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
]

/**
 * Writes dist/sw.js from build/sw.template.js with the list of hashed files the landing page
 * needs, so a new build always ships a byte-different worker and the browser picks it up.
 */
export function serviceWorker(): Plugin {
  const template = readFileSync(new URL('./sw.template.js', import.meta.url), 'utf8')
  return {
    name: 'equilibrai:service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = new Set<string>()
      const lazy = new Set<string>()
      const visit = (fileName: string) => {
        const item = bundle[fileName]
        if (item?.type !== 'chunk' || files.has(`/${fileName}`)) return
        files.add(`/${fileName}`)
        for (const css of item.viteMetadata?.importedCss ?? []) files.add(`/${css}`)
        for (const imported of item.imports) visit(imported)
        for (const imported of item.dynamicImports) lazy.add(imported)
      }
      // The shell: the entry and what it imports, then one level of lazy chunks — the landing
      // page and its sections, the router, the toaster. The pages behind the router are cached
      // when first visited (cache-first on /assets/ in the worker).
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.isEntry) visit(item.fileName)
      }
      for (const fileName of [...lazy]) visit(fileName)
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.facadeModuleId?.endsWith(LANDING_ROUTE)) {
          for (const imported of item.dynamicImports) visit(imported)
        }
      }
      const precache = [...[...files].sort(), ...PUBLIC_SHELL]
      const html = bundle['index.html']
      const version = createHash('sha256')
        .update(template)
        .update(precache.join('\n'))
        .update(html?.type === 'asset' ? html.source : '')
        .digest('hex')
        .slice(0, 12)
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('__EQ_VERSION__', version)
          .replace('__EQ_PRECACHE__', JSON.stringify(precache, null, 2)),
      })
    },
  }
}
