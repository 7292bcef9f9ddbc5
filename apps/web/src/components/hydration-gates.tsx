import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { useHydrated } from '@/lib/hydration'

/*
 * Small on purpose: when hydration ends, useHydrated's change re-renders synchronously only
 * these components; the children they receive are the parent's elements, unchanged, so React
 * skips them (a whole page re-rendered at that moment was Lighthouse's longest task on /auth).
 */

/**
 * A prerendered form's controls, disabled until React has hydrated them: before that a submit
 * would go native (a GET with what was typed in the URL) and typing would bypass the form's
 * logic. ADR 018.
 */
export function HydratedFieldset({
  className,
  children,
}: {
  className?: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  return (
    <fieldset disabled={!hydrated} className={cn('min-w-0', className)}>
      {children}
    </fieldset>
  )
}

/** What the prerendered HTML cannot know (the URL's query), shown once hydrated. */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
