import { useEffect } from 'react'

const BRAND = 'Equilibraí'

/** Sets document.title for the page: `Título — Equilibraí`, or the default title when empty. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    const previous = document.title
    document.title = title
      ? `${title} — ${BRAND}`
      : `${BRAND} — seu consultor financeiro no WhatsApp`
    return () => {
      document.title = previous
    }
  }, [title])
}
