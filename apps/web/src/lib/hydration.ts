import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while React hydrates this component from prerendered HTML (and when rendering that
 * HTML at build time), true from then on, and at once in a client render. For what the HTML
 * cannot know at build time, such as the URL's query: render it only when this is true, and
 * hydration finds exactly the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
