import { createContext } from 'react'

/**
 * Two ways the page can be running:
 *
 * - landing mode: a visitor opened `/` (or `/auth`). Only React and that page load — the router
 *   (React Router's data router is ~30 KB gzip on its own) does not fit the landing page's
 *   JavaScript budget, and neither page needs it.
 * - app mode: any other first URL, or the first internal link followed (or the sign-in).
 *   The router takes over for good (createBrowserRouter in app/router.tsx).
 *
 * `startApp` moves from the first to the second without a page load.
 */
type Listener = () => void

let appStarted = false
const listeners = new Set<Listener>()

export function isLandingPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html'
}

/**
 * `/auth` opened directly also runs in landing mode: its page alone, without the router (ADR
 * 018, 2026-11-26), until a link or a sign-in starts the app.
 */
export function isStandaloneAuthPath(pathname: string): boolean {
  return pathname === '/auth'
}

export function isAppStarted(): boolean {
  return appStarted
}

export function subscribeAppStarted(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Leaves landing mode: puts `to` in the address bar and lets the router render it. */
export function startApp(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  if (!to.includes('#')) window.scrollTo(0, 0)
  appStarted = true
  for (const listener of listeners) listener()
}

/** Warms the router's chunk, e.g. when a pointer rests on an internal link. */
export function preloadApp(): void {
  void import('@/app/app').catch(() => undefined)
}

/**
 * How internal links navigate: `startApp` in landing mode, the router's navigate in app mode
 * (RootLayout provides it). Components link with <AppLink>, never with react-router's <Link>,
 * so that the landing page stays free of the router.
 */
export const NavigateContext = createContext<(to: string) => void>(startApp)
