import { RouterProvider } from 'react-router'
import { AppProviders } from './providers'
import { createAppRouter } from './router'

let router: ReturnType<typeof createAppRouter> | undefined

/** App mode: providers and the router, created on first render (never at import: see ./shell). */
export function App() {
  router ??= createAppRouter()
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
