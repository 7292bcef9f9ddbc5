import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AuthProvider } from '@/lib/auth'
import { queryClient } from '@/lib/query-client'

/**
 * App-mode providers, around the router. The theme and the toaster sit higher, in ./shell.tsx,
 * because the landing page (which can run without the router) needs them too.
 *
 * The AuthProvider holds the session for the guards (./guards.tsx) and every page. Providers
 * here cannot use router hooks (the router is inside); to navigate from them, pass the router
 * in, or navigate from a component rendered by a route.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  )
}
