import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from '@/lib/query-client'
import { PlansList } from './plans-list'
import { WaitlistForm } from './waitlist-form'

/*
 * The landing page's interactive parts, in one lazy chunk with TanStack Query. Each carries
 * the app's one QueryClient: in landing mode there is no provider above them; in app mode the
 * same client is provided twice, which is harmless.
 */

export function PlansIsland() {
  return (
    <QueryClientProvider client={queryClient}>
      <PlansList />
    </QueryClientProvider>
  )
}

export function WaitlistIsland() {
  return (
    <QueryClientProvider client={queryClient}>
      <WaitlistForm />
    </QueryClientProvider>
  )
}
