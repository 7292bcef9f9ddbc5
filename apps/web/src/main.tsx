import './index.css'
import { type ComponentType, StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Shell } from './app/shell'
import { isLandingPath } from './lib/navigation'
import { registerServiceWorker } from './lib/service-worker'

// Spec §8: global errors and unhandled rejections are only logged.
window.addEventListener('error', (event) => {
  console.error('Erro não tratado:', event.error ?? event.message)
})
window.addEventListener('unhandledrejection', (event) => {
  console.error('Promessa rejeitada sem tratamento:', event.reason)
})

const container = document.getElementById('root')
if (!container) throw new Error('Elemento #root não encontrado em index.html')

const app = (landing?: ComponentType) => (
  <StrictMode>
    <Shell landing={landing} />
  </StrictMode>
)

// A transition lets React split a client render into short tasks, keeping the page responsive.
const render = (landing?: ComponentType) =>
  startTransition(() => createRoot(container).render(app(landing)))

if (isLandingPath(window.location.pathname)) {
  // The landing chunk is modulepreloaded by index.html, so this resolves at once. In a build,
  // #root already holds the landing page's HTML (build/prerender-plugin.ts): hydrate it.
  import('./features/landing/components/landing-page')
    .then(({ LandingPage }) => {
      // Hydrating inside a transition lets React yield between components instead of one
      // long task, so the page stays responsive (and Lighthouse's blocking time stays low).
      if (container.firstElementChild)
        startTransition(() => void hydrateRoot(container, app(LandingPage)))
      else render(LandingPage)
    })
    .catch((error: unknown) => {
      console.error('Falha ao carregar a página inicial', error)
      render()
    })
} else {
  render()
}

registerServiceWorker()
