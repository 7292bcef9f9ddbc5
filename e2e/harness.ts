import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { startTestServer, type TestServer } from '../apps/server/test/test-server.ts'

/**
 * Browser tests: the real server (on a fresh database) serving the built web app, driven by
 * Debian's Chromium. `npm test` builds the web app before the tests run.
 */
export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export type E2E = {
  server: TestServer
  browser: Browser
  /** A fresh browser context (own cookies) with a page on the server. */
  newPage(options?: {
    viewport?: { width: number; height: number }
    colorScheme?: 'light' | 'dark'
  }): Promise<{ context: BrowserContext; page: Page }>
  close(): Promise<void>
}

export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  const server = await startTestServer(env, WEB_DIST)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    server,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        viewport: options.viewport ?? { width: 1280, height: 800 },
        colorScheme: options.colorScheme ?? 'light',
      })
      const page = await context.newPage()
      page.on('pageerror', (error) => console.error('[browser]', error.message))
      return { context, page }
    },
    async close() {
      await browser.close()
      await server.stop()
    },
  }
}
