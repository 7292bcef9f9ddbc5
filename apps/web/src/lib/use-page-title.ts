import { useEffect } from 'react'

const BRAND = 'Equilibraí'

/** A page's document title: `Título — Equilibraí`, or the default title when empty. */
export function pageTitle(title?: string): string {
  return title ? `${title} — ${BRAND}` : `${BRAND} — seu consultor financeiro no WhatsApp`
}

/** Sets document.title for the page (see pageTitle). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    const previous = document.title
    document.title = pageTitle(title)
    return () => {
      document.title = previous
    }
  }, [title])
}
