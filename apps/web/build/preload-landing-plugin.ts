import type { Plugin, Rollup } from 'vite'

/**
 * `/` imports the landing page lazily (it is a route like the others), which would cost a
 * round trip after the entry has run. This adds <link rel="modulepreload"> tags for the
 * landing chunk and its static imports to index.html so they download alongside the entry.
 */
export function preloadLandingRoute(routeModule: string): Plugin {
  return {
    name: 'equilibrai:preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const chunks = Object.values(bundle).filter(
          (item): item is Rollup.OutputChunk => item.type === 'chunk',
        )
        const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(routeModule))
        if (!route) throw new Error(`preload-landing-route: no chunk for ${routeModule}`)
        const files: string[] = []
        const visit = (fileName: string) => {
          if (files.includes(fileName) || html.includes(`/${fileName}"`)) return
          files.push(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported)
        }
        visit(route.fileName)
        return {
          html,
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        }
      },
    },
  }
}
