import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { RedirectIfSignedIn, RequireAuth } from './guards'
import { NotFoundPage } from './not-found-page'
import { RootLayout, RouteError } from './root-layout'
import { RouteFallback } from './route-fallback'
import { SignedInLayout } from './signed-in-layout'

/**
 * Every page is its own lazy chunk. To add a route, add an entry with `lazy` below: public
 * pages under the root, signed-in pages under RequireAuth, admin pages under RequireAuth admin.
 * Note that a first visit to `/` renders the landing page without this router (see
 * lib/navigation.ts); the `/` route here serves navigations back to it.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      {
        // Errors render inside RootLayout, so links on the error page keep using the router.
        ErrorBoundary: RouteError,
        children: [
          {
            Component: RedirectIfSignedIn,
            children: [
              {
                index: true,
                lazy: () =>
                  import('@/features/landing/components/landing-page').then((m) => ({
                    Component: m.LandingPage,
                  })),
              },
              {
                path: 'auth',
                lazy: () =>
                  import('@/features/auth/components/auth-route').then((m) => ({
                    Component: m.AuthRoute,
                  })),
              },
            ],
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('@/features/auth/components/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            // Public: the invitee may not have an account yet (the page asks them to sign in).
            path: 'convite/:token',
            lazy: () =>
              import('@/features/team/components/invitation-page').then((m) => ({
                Component: m.InvitationPage,
              })),
          },
          {
            path: 'termos',
            lazy: () =>
              import('@/features/legal/components/terms-page').then((m) => ({
                Component: m.TermsPage,
              })),
          },
          {
            path: 'privacidade',
            lazy: () =>
              import('@/features/legal/components/privacy-page').then((m) => ({
                Component: m.PrivacyPage,
              })),
          },
          {
            Component: RequireAuth,
            children: [
              {
                Component: SignedInLayout,
                children: [
                  {
                    path: 'dashboard',
                    lazy: () =>
                      import('./dashboard-route').then((m) => ({
                        Component: m.DashboardRoute,
                      })),
                  },
                  {
                    path: 'financas',
                    lazy: () =>
                      import('@/features/finances/components/finances-page').then((m) => ({
                        Component: m.FinancesPage,
                      })),
                  },
                  {
                    path: 'contas',
                    lazy: () =>
                      import('@/features/accounts/components/accounts-page').then((m) => ({
                        Component: m.AccountsPage,
                      })),
                  },
                  {
                    path: 'importar',
                    lazy: () =>
                      import('@/features/imports/components/import-page').then((m) => ({
                        Component: m.ImportPage,
                      })),
                  },
                  {
                    path: 'relatorios',
                    lazy: () =>
                      import('@/features/reports/components/reports-page').then((m) => ({
                        Component: m.ReportsPage,
                      })),
                  },
                  {
                    path: 'equipe',
                    lazy: () =>
                      import('@/features/team/components/team-page').then((m) => ({
                        Component: m.TeamPage,
                      })),
                  },
                  {
                    path: 'analise',
                    lazy: () =>
                      import('@/features/analysis/components/analysis-page').then((m) => ({
                        Component: m.AnalysisPage,
                      })),
                  },
                  {
                    path: 'integracoes',
                    lazy: () =>
                      import('@/features/integrations/components/integrations-page').then((m) => ({
                        Component: m.IntegrationsPage,
                      })),
                  },
                ],
              },
              {
                // A full-screen imitation of a WhatsApp chat, with its own header: no shell.
                path: 'simulador',
                lazy: () =>
                  import('@/features/simulator/components/simulator-page').then((m) => ({
                    Component: m.SimulatorPage,
                  })),
              },
            ],
          },
          {
            element: <RequireAuth admin />,
            children: [
              {
                path: 'admin',
                lazy: () =>
                  import('@/features/admin/components/admin-page').then((m) => ({
                    Component: m.AdminPage,
                  })),
              },
              {
                path: 'admin/suporte',
                lazy: () =>
                  import('@/features/support/components/admin-support-page').then((m) => ({
                    Component: m.AdminSupportPage,
                  })),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

/**
 * Loads the code of every route that matches `pathname` into `routes`, so that a router
 * created afterwards renders that page at once instead of its HydrateFallback. Hydrating a
 * prerendered page needs it (main.tsx), and so does prerendering one (src/prerender.tsx): both
 * sides must render the page itself, not the fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}
