import { ThemeProvider } from 'next-themes'
import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { ErrorBoundary } from '@/components/error-boundary'
import { isAppStarted, startApp, subscribeAppStarted } from '@/lib/navigation'
import { isToasterRequested, subscribeToasterRequested } from '@/lib/toast'
import { LoadError } from './load-error'
import { RouteFallback } from './route-fallback'
import { signedInRedirect } from './session-redirect'

const App = lazy(() => import('./app').then((m) => ({ default: m.App })))
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })))

/** A page that runs without the router: the landing page, or /auth opened directly. */
function StandaloneMode({ page: Page }: { page: ComponentType }) {
  useEffect(() => {
    // The browser looked for `#pricing` before React drew the page; scroll now that it exists.
    const { hash } = window.location
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [])
  useEffect(() => {
    signedInRedirect()
      .then((to) => {
        if (to) startApp(to, { replace: true })
      })
      .catch((error: unknown) => console.error('Falha ao verificar a sessão', error))
  }, [])
  return <Page />
}

/**
 * The root of the tree: theme and toasts for every page, then either a page alone (landing
 * mode: `/`, or `/auth` opened directly) or the router (app mode). See lib/navigation.ts.
 *
 * `page` is that page's component, already loaded (landing mode). Rendered without a Suspense
 * fallback, it hydrates the HTML that build/prerender-plugin.ts wrote into the page's HTML file
 * from this same component. A signed-in visitor is sent on to the app, as the router's
 * RedirectIfSignedIn guard does.
 */
export function Shell({ page }: { page?: ComponentType }) {
  const appStarted = useSyncExternalStore(subscribeAppStarted, isAppStarted, () => false)
  const toasterRequested = useSyncExternalStore(
    subscribeToasterRequested,
    isToasterRequested,
    () => false,
  )
  useEffect(() => {
    // React now owns #root: stop hiding its children (see public/boot.js and index.html).
    document.documentElement.classList.remove('app-route')
  }, [])
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      // next-themes writes an inline script against a theme flash; the CSP forbids inline
      // scripts, so it is kept inert and public/boot.js does that job instead.
      scriptProps={{ type: 'application/json' }}
    >
      <ErrorBoundary key={String(appStarted)} fallback={<LoadError />}>
        <Suspense fallback={<RouteFallback />}>
          {page && !appStarted ? <StandaloneMode page={page} /> : <App />}
        </Suspense>
      </ErrorBoundary>
      {toasterRequested && (
        <ErrorBoundary fallback={null}>
          <Suspense>
            <AppToaster />
          </Suspense>
        </ErrorBoundary>
      )}
    </ThemeProvider>
  )
}
