/*
 * The API calls each page of the web app makes on load (read from the browser), for the mixed
 * bench (mixed-load.ts) and web-pages.bench.ts.
 */

/** What each page asks the API for on load, with its default parameters, as the browser does. */
export function pages(month: string): Record<string, string[]> {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const from = `${month}-01`
  const to = `${month}-${String(last).padStart(2, '0')}`
  const shell = ['/api/auth/get-session', '/api/me/has-role?role=admin']
  return {
    '/dashboard': [
      ...shell,
      `/api/v1/summary?month=${month}`,
      '/api/v1/bills',
      `/api/v1/budgets?month=${month}`,
      `/api/v1/transactions?from=${from}&to=${to}&limit=50`,
      '/api/v1/accounts',
      '/api/whatsapp/link',
      '/api/profile',
      '/api/v1/notification-settings',
      '/api/support/requests',
      '/api/subscription',
      '/api/plans',
      '/api/team',
    ],
    '/financas': [
      ...shell,
      '/api/v1/categories',
      `/api/v1/transactions?from=${from}&to=${to}&limit=50`,
      `/api/v1/transfers?from=${from}&to=${to}`,
      `/api/v1/budgets?month=${month}`,
      '/api/v1/bills',
      '/api/v1/recurring',
      '/api/team',
      '/api/v1/accounts',
      `/api/v1/transactions/totals?from=${from}&to=${to}`,
      '/api/v1/usage',
      '/api/v1/alerts',
    ],
    '/relatorios': [...shell, `/api/v1/reports/monthly?month=${month}`],
  }
}
