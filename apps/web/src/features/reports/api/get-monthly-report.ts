import type { MonthlyReport } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const MONTHLY_REPORT_KEY = ['reports', 'monthly'] as const

/**
 * GET /api/v1/reports/monthly?month=YYYY-MM. A plan without relatórios_básicos answers 403
 * FEATURE_NOT_IN_PLAN (an ApiError the page turns into the upgrade view; not retried).
 */
export function getMonthlyReport(month: string, signal?: AbortSignal): Promise<MonthlyReport> {
  return api.get<MonthlyReport>(`/api/v1/reports/monthly?month=${encodeURIComponent(month)}`, {
    signal,
  })
}

export function monthlyReportQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...MONTHLY_REPORT_KEY, month],
    queryFn: ({ signal }) => getMonthlyReport(month, signal),
    staleTime: 30_000,
  })
}

export function useMonthlyReport(month: string) {
  return useQuery(monthlyReportQueryOptions(month))
}

/** Where the browser downloads the month's PDF statement (exportação_pdf). */
export function monthlyPdfUrl(month: string): string {
  return `/api/v1/reports/monthly.pdf?month=${encodeURIComponent(month)}`
}

/** Where the browser downloads the month's entries as CSV (every plan). */
export function transactionsCsvUrl(range: { from: string; to: string }): string {
  return `/api/v1/transactions.csv?from=${range.from}&to=${range.to}`
}
