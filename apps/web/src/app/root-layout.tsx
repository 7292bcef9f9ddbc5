import { useCallback } from 'react'
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useNavigate,
  useRouteError,
} from 'react-router'
import { NavigateContext } from '@/lib/navigation'
import { LoadError } from './load-error'
import { NotFoundPage } from './not-found-page'

export function RootLayout() {
  const navigate = useNavigate()
  const navigateTo = useCallback((to: string) => void navigate(to), [navigate])
  return (
    <NavigateContext value={navigateTo}>
      <ScrollRestoration />
      <Outlet />
    </NavigateContext>
  )
}

export function RouteError() {
  const error = useRouteError()
  console.error(error)
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <LoadError />
}
