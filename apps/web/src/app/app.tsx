// zod's own messages in pt-BR for every form in app mode. Imported by name because the bundle
// keeps only what is used from packages/shared, and its index's import of this file is not
// (vite.config.ts). Not in main.tsx: zod must stay out of the landing page's first download,
// and the landing's waitlist form does not use zod.
import '@equilibrai/shared/zod-locale'
import { RouterProvider } from 'react-router'
import { AppProviders } from './providers'
import { createAppRouter, loadMatchedRoutes } from './router'

type AppRouter = ReturnType<typeof createAppRouter>

let router: AppRouter | undefined

/** App mode: providers and the router, created on first render (never at import: see ./shell). */
export function App() {
  router ??= createAppRouter()
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}

/**
 * Before hydrating a prerendered page: loads its route's code, so the router's first render is
 * the page the HTML holds (see loadMatchedRoutes).
 */
export const prepareHydration = loadMatchedRoutes

/**
 * Build time only (src/prerender.tsx): the router App renders, e.g. a memory router at the
 * path being prerendered. The tree around it stays the client's own, so the markup (and every
 * useId) matches what hydration expects.
 */
export function setPrerenderRouter(prerenderRouter: AppRouter): void {
  router = prerenderRouter
}
