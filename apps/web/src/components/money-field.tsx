import type { Ref } from 'react'
import { Input } from '@/components/ui/input'
import { formatAmountInput, parseAmountInput } from '@/lib/money-input'

/** An amount in centavos, typed like a card machine (lib/money-input), with `R$` in front. */
export function MoneyField({
  id,
  value,
  onChange,
  onBlur,
  ref,
  invalid,
  name,
}: {
  id: string
  value: number | null | undefined
  onChange: (cents: number) => void
  onBlur?: () => void
  ref?: Ref<HTMLInputElement>
  invalid?: boolean
  name?: string
}) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm">
        R$
      </span>
      <Input
        id={id}
        name={name}
        ref={ref}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0,00"
        className="pl-10 tabular-nums"
        value={formatAmountInput(value ?? 0)}
        onChange={(e) => onChange(parseAmountInput(e.target.value))}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
      />
    </div>
  )
}
