/*
 * Runs before the first paint, as a file because the CSP forbids inline scripts:
 * - applies the theme next-themes will apply (same storage key and classes), so a chosen
 *   theme does not flash the other one while the app loads;
 * - marks a path whose page is not the one prerendered into this HTML (`data-prerendered` on
 *   <html>, written by build/prerender-plugin.ts): its first paint must not show that page.
 */
;(() => {
  const root = document.documentElement
  let stored = null
  try {
    stored = localStorage.getItem('theme')
  } catch {
    // Storage can be blocked; the system setting applies.
  }
  const dark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  root.classList.add(dark ? 'dark' : 'light')
  root.style.colorScheme = dark ? 'dark' : 'light'
  const path = window.location.pathname
  if (root.dataset.prerendered !== (path === '/index.html' ? '/' : path)) {
    root.classList.add('app-route')
  }
})()
