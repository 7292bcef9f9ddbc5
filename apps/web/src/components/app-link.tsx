import { type ComponentProps, type MouseEvent, useContext } from 'react'
import { NavigateContext, preloadApp } from '@/lib/navigation'

type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string }

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.defaultPrevented
  )
}

function isSameDocument(to: string): boolean {
  const url = new URL(to, window.location.href)
  return (
    url.hash !== '' &&
    url.pathname === window.location.pathname &&
    url.search === window.location.search
  )
}

/** An internal link: a real <a href> (new tab, copy link work) that navigates client-side. */
export function AppLink({ to, onClick, onPointerEnter, onFocus, target, ...props }: AppLinkProps) {
  const navigate = useContext(NavigateContext)
  return (
    <a
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (!isPlainLeftClick(event) || (target && target !== '_self')) return
        // `/#pricing` while on `/`: the browser scrolls by itself, the router syncs on popstate.
        if (isSameDocument(to)) return
        event.preventDefault()
        navigate(to)
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        preloadApp()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        preloadApp()
      }}
      {...props}
    />
  )
}
