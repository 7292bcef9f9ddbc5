import { addMonths, monthLabel } from '@equilibrai/shared'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { isMonth } from '../utils/report-month'

/** Previous / next month and a native month field (the phone's own picker); ?mes= in the URL. */
export function ReportMonthPicker({
  month,
  onChange,
}: {
  month: string
  onChange: (month: string) => void
}) {
  const id = useId()
  return (
    <nav aria-label="Mês do relatório" className="flex items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="icon"
        onClick={() => onChange(addMonths(month, -1))}
        aria-label={`Mês anterior (${monthLabel(addMonths(month, -1))})`}
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      <label htmlFor={id} className="sr-only">
        Mês
      </label>
      <Input
        id={id}
        type="month"
        value={month}
        min="2000-01"
        max="2999-12"
        onChange={(event) => {
          if (isMonth(event.target.value)) onChange(event.target.value)
        }}
        className="w-44"
        data-testid="report-month"
      />
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
