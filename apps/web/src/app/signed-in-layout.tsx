import { Outlet } from 'react-router'
import { AppHeader } from '@/components/layout/app-header'

/** One shell for every signed-in page (issue 26): the header with the pages, then the page. */
export function SignedInLayout() {
  return (
    <div className="min-h-dvh bg-muted/30">
      <AppHeader />
      <Outlet />
    </div>
  )
}
