import { type ReactNode, Suspense, use, useEffect, useMemo, useRef, useState } from 'react'
import { useHydrated } from '@/lib/hydration'

/** How far below the screen a section starts hydrating, so it is ready before it shows. */
const AHEAD = '0px 0px 25% 0px'

type Gate = { promise: Promise<void>; open: () => void }

function newGate(): Gate {
  let open = () => {}
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

function Wait({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate) use(gate.promise)
  return children
}

/**
 * Below-the-fold part of a prerendered page: its HTML shows (and its links work) from the
 * first paint, but React hydrates it only when it comes near the screen, so the page's first
 * seconds are spent on what the visitor sees (the landing page's Lighthouse budget).
 *
 * How: during hydration a Suspense boundary whose content suspends keeps the server's HTML as
 * it is and hydrates it when the content resumes; the content here waits on a gate that an
 * IntersectionObserver opens. Rendered by the client (not hydrating), it renders at once. The
 * wrapper is `display: contents`, so layout is the section's own.
 */
export function HydrateWhenVisible({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  // A gate only while hydrating in the browser: the build's render and client renders (a
  // navigation back to `/`) render the section at once.
  const [gate] = useState(() => (hydrated || typeof window === 'undefined' ? null : newGate()))

  useEffect(() => {
    if (!gate) return
    const target = box.current?.firstElementChild
    if (!target || typeof IntersectionObserver === 'undefined') {
      gate.open()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        gate.open()
      },
      { rootMargin: AHEAD },
    )
    observer.observe(target)
    // Tabbing into the section, or following a link to one of its anchors, scrolls it into
    // view and so opens it too.
    return () => observer.disconnect()
  }, [gate])

  // The same element on the re-render that follows hydration (useHydrated turning true): a
  // boundary that is still waiting and receives new props would be thrown away and rendered
  // by the client, i.e. emptied until the gate opens.
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <Wait gate={gate}>{children}</Wait>
      </Suspense>
    ),
    [gate, children],
  )
  return (
    <div ref={box} className="contents">
      {content}
    </div>
  )
}
