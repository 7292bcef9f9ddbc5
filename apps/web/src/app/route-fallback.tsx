/** Shown while a page's code loads; empty, so the page paints in one go. */
export function RouteFallback() {
  return <div className="min-h-dvh" aria-busy="true" />
}
