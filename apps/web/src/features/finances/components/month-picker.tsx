import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { addMonths, monthLabel } from '@equilibrai/shared'
import { monthTitle } from '../utils/month'

/** Previous / next month around the month's name; the month lives in the URL (?mes=). */
export function MonthPicker({
  month,
  onChange,
}: {
  month: string
  onChange: (month: string) => void
}) {
  return (
    <nav aria-label="Mês" className="flex items-center justify-between gap-2 sm:justify-start">
      <Button
        type="button"
        variant="outline"
        size="icon"
        onClick={() => onChange(addMonths(month, -1))}
        aria-label={`Mês anterior (${monthLabel(addMonths(month, -1))})`}
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      <h2
        className="min-w-44 text-center font-semibold text-lg"
        aria-live="polite"
        data-testid="month-label"
      >
        {monthTitle(month)}
      </h2>
      <Button
        type="button"
        variant="outline"
        size="icon"
        onClick={() => onChange(addMonths(month, 1))}
        aria-label={`Próximo mês (${monthLabel(addMonths(month, 1))})`}
      >
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  )
}
