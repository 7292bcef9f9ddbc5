import { ArrowLeftIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { buttonVariants } from '@/components/ui/button'

/** The link above a signed-in page's title, back to /dashboard. */
export function BackToDashboard() {
  return (
    <AppLink
      to="/dashboard"
      className={buttonVariants({ variant: 'link', size: 'sm', className: 'h-auto px-0' })}
    >
      <ArrowLeftIcon aria-hidden="true" />
      Voltar ao Dashboard
    </AppLink>
  )
}
