import { monthRange } from '@equilibrai/shared'
import { FileSpreadsheetIcon, FileTextIcon } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { MonthPicker } from '@/components/month-picker'
import { buttonVariants } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { currentMonth, isMonth, monthTitle } from '@/lib/month'
import { usePageTitle } from '@/lib/use-page-title'
import { monthlyPdfUrl, transactionsCsvUrl, useMonthlyReport } from '../api/get-monthly-report'
import { CategorySection } from './category-section'
import { DailySection } from './daily-section'
import { ReportTotals } from './report-totals'
import { ReportUpsell } from './report-upsell'
import { TopExpenses } from './top-expenses'

/**
 * /relatorios: the month's report (relatórios_básicos) — totals against last month, spending
 * per category and day by day (charts and tables), the largest expenses — with the PDF
 * statement and the CSV export. Plans without reports see what they would get.
 */
export function ReportsPage() {
  usePageTitle('Relatórios')
  const [params, setParams] = useSearchParams()
  const requested = params.get('mes')
  const month = isMonth(requested) ? requested : currentMonth()
  const report = useMonthlyReport(month)
  const lockedBy =
    report.error instanceof ApiError && report.error.code === 'FEATURE_NOT_IN_PLAN'
      ? report.error
      : null
  const locked = lockedBy !== null

  function changeMonth(next: string) {
    setParams(next === currentMonth() ? {} : { mes: next }, { replace: true })
  }

  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Relatórios</h1>
            <p className="text-muted-foreground" data-testid="report-title">
              {monthTitle(month)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!locked && (
              <a
                href={monthlyPdfUrl(month)}
                download
                className={buttonVariants({ variant: 'outline' })}
              >
                <FileTextIcon aria-hidden="true" />
                Baixar PDF
              </a>
            )}
            <a
              href={transactionsCsvUrl(monthRange(month))}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <FileSpreadsheetIcon aria-hidden="true" />
              Baixar CSV
            </a>
          </div>
        </div>
        <MonthPicker month={month} onChange={changeMonth} label="Mês do relatório" field />
      </header>

      {lockedBy ? (
        <ReportUpsell message={lockedBy.message} />
      ) : report.isError ? (
        <p className="text-muted-foreground text-sm" role="alert">
          Não foi possível carregar o relatório do mês.
        </p>
      ) : !report.data ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <ReportTotals report={report.data} />
          <CategorySection report={report.data} />
          <DailySection report={report.data} />
          <TopExpenses report={report.data} />
        </>
      )}
    </main>
  )
}
