import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { prerenderPages } from './build/prerender-plugin.ts'
import { serviceWorker } from './build/service-worker-plugin.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const sharedRoot = new URL('../../packages/shared/', import.meta.url)
const sharedSrc = fileURLToPath(new URL('src/', sharedRoot))
/** The files packages/shared/package.json declares with side effects (zod's pt-BR messages). */
const sharedSideEffects = new Set(
  (
    JSON.parse(readFileSync(new URL('package.json', sharedRoot), 'utf8')) as {
      sideEffects: string[]
    }
  ).sideEffects.map((file) => fileURLToPath(new URL(file, sharedRoot))),
)

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    serviceWorker(),
    prerenderPages(),
    {
      // packages/shared builds its zod schemas at module level. Declaring its modules free of
      // side effects lets the bundler drop the schemas (and zod) from chunks that only use
      // its formatters, which keeps zod out of the landing page's budget. The files its
      // package.json lists in `sideEffects` keep theirs: a module importing one by name
      // (app.tsx, zod's pt-BR messages) runs it.
      name: 'equilibrai:shared-side-effect-free',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
        if (resolved && !resolved.external && resolved.id.startsWith(sharedSrc)) {
          return { ...resolved, moduleSideEffects: sharedSideEffects.has(resolved.id) }
        }
        return null
      },
    },
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    // Every browser that can run this app supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown otherwise moves modules shared by lazy chunks (the router, TanStack Query)
      // into the entry chunk, i.e. into the landing page's first download.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
})
