/**
 * Build-time only (build/prerender-plugin.ts): the landing page as HTML, put into index.html
 * so `/` paints before any JavaScript runs; main.tsx hydrates it. Renders exactly the tree the
 * client renders first in landing mode — keep the two in step.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Shell } from './app/shell'
import { LandingPage } from './features/landing/components/landing-page'

const tree = (
  <StrictMode>
    <Shell landing={LandingPage} />
  </StrictMode>
)

/**
 * Renders twice: the first pass starts the lazy sections' imports, the second finds them
 * loaded and renders them in full. (A streaming render would complete them with inline
 * scripts, which the CSP forbids.)
 */
export async function renderLanding(): Promise<string> {
  renderToString(tree)
  await import('./features/landing/components/islands')
  await new Promise((resolve) => setTimeout(resolve, 0))
  const html = renderToString(tree)
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error('prerender: a Suspense boundary did not complete')
  }
  return html
}
