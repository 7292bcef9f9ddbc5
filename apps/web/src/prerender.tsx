/**
 * Build-time only (build/prerender-plugin.ts): pages as HTML, put into the HTML files the
 * server sends, so they paint before any JavaScript runs; main.tsx hydrates them. Each renders
 * exactly the tree the client renders first — keep the two in step:
 * - `/` and `/auth` in landing mode (the page without the router);
 * - any app-mode page (none today) with a memory router at its path standing in for the
 *   browser's.
 */
import { type ReactNode, StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter } from 'react-router'
import { prepareHydration, setPrerenderRouter } from './app/app'
import { routes } from './app/router'
import { Shell } from './app/shell'
import { StandaloneAuthPage } from './features/auth/components/standalone-auth-page'
import { LandingPage } from './features/landing/components/landing-page'

/**
 * Renders twice: the first pass starts the lazy parts' imports (`load` waits for them), the
 * second finds them loaded and renders them in full. (A streaming render would complete them
 * with inline scripts, which the CSP forbids.)
 */
async function renderComplete(tree: ReactNode, load: () => Promise<unknown>) {
  renderToString(tree)
  await load()
  await new Promise((resolve) => setTimeout(resolve, 0))
  const html = renderToString(tree)
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error('prerender: a Suspense boundary did not complete')
  }
  return html
}

export function renderLanding(): Promise<string> {
  return renderComplete(
    <StrictMode>
      <Shell page={LandingPage} />
    </StrictMode>,
    () => import('./features/landing/components/islands'),
  )
}

export function renderAuth(): Promise<string> {
  return renderComplete(
    <StrictMode>
      <Shell page={StandaloneAuthPage} />
    </StrictMode>,
    () => Promise.resolve(),
  )
}

export async function renderAppPage(path: string): Promise<string> {
  await prepareHydration(path)
  setPrerenderRouter(createMemoryRouter(routes, { initialEntries: [path] }))
  return renderComplete(
    <StrictMode>
      <Shell />
    </StrictMode>,
    () => import('./app/app'),
  )
}
export { pageTitle } from './lib/use-page-title'
