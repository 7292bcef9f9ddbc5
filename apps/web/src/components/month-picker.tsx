import { addMonths, monthLabel } from '@equilibrai/shared'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { isMonth, monthTitle } from '@/lib/month'

type MonthPickerProps = {
  /** `YYYY-MM`; the pages keep it in the URL (?mes=). */
  month: string
  onChange: (month: string) => void
  /** The navigation's accessible name. */
  label?: string
  /** Between the arrows, a native month field (the phone's own picker) instead of the month's name. */
  field?: boolean
  className?: string
}

/** Previous / next month around the month's name as a heading, or around a month field. */
export function MonthPicker({
  month,
  onChange,
  label = 'Mês',
  field = false,
  className,
}: MonthPickerProps) {
  const id = useId()
  return (
    <nav aria-label={label} className={cn('flex items-center gap-2', className)}>
      <Button
        type="button"
        variant="outline"
        size="icon"
        onClick={() => onChange(addMonths(month, -1))}
        aria-label={`Mês anterior (${monthLabel(addMonths(month, -1))})`}
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      {field ? (
        <>
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
            data-testid="month-field"
          />
        </>
      ) : (
        <h2
          className="min-w-44 text-center font-semibold text-lg"
          aria-live="polite"
          data-testid="month-label"
        >
          {monthTitle(month)}
        </h2>
      )}
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
