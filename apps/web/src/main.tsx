import './index.css'
import { type ComponentType, StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Shell } from './app/shell'
import { isLandingPath, isStandaloneAuthPath } from './lib/navigation'
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

const app = (page?: ComponentType) => (
  <StrictMode>
    <Shell page={page} />
  </StrictMode>
)

// A transition lets React split a client render into short tasks, keeping the page responsive.
const render = (page?: ComponentType) =>
  startTransition(() => createRoot(container).render(app(page)))

// Hydrating inside a transition lets React yield between components instead of one long task,
// so the page stays responsive (and Lighthouse's blocking time stays low).
const hydrate = (page?: ComponentType) =>
  startTransition(() => void hydrateRoot(container, app(page)))

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const path = window.location.pathname
const landing = isLandingPath(path)
// The pages that run alone, without the router (lib/navigation.ts); their chunks are
// modulepreloaded by their HTML, so the import resolves at once.
const standalone = landing
  ? () => import('./features/landing/components/landing-page').then((m) => m.LandingPage)
  : isStandaloneAuthPath(path)
    ? () =>
        import('./features/auth/components/standalone-auth-page').then((m) => m.StandaloneAuthPage)
    : null
// In a build, #root holds a page's HTML (build/prerender-plugin.ts) and <html> names its path:
// the landing page in index.html, /auth in auth.html. Anything else (the landing's HTML under
// another path, the offline fallback) is hidden by public/boot.js and rendered from scratch.
const prerendered =
  container.firstElementChild !== null &&
  document.documentElement.dataset.prerendered === (landing ? '/' : path)

if (standalone) {
  // The page's modules evaluate in one task, its hydration starts in the next (see below).
  standalone()
    .then(async (page) => {
      await nextTask()
      return page
    })
    .then((page) => (prerendered ? hydrate(page) : render(page)))
    .catch((error: unknown) => {
      console.error('Falha ao carregar a página', error)
      render()
    })
} else if (prerendered) {
  // The router's first render must be the page itself, not its loading fallback. The app's
  // modules, the page's and the hydration each run in their own task: preloaded, they would
  // otherwise all run in one, long enough to hold up a tap on a slow phone.
  import('./app/app')
    .then(async ({ prepareHydration }) => {
      await nextTask()
      await prepareHydration(path)
      await nextTask()
    })
    .then(() => hydrate())
    .catch((error: unknown) => {
      console.error('Falha ao carregar a página', error)
      render()
    })
} else {
  render()
}

registerServiceWorker()
