import { formatBRL, readTypedAmount } from '@equilibrai/shared'
import { type Ref, useEffect, useState } from 'react'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { formatAmountInput } from '@/lib/money-input'

/**
 * An amount in centavos with `R$` in front, typed the way people type it ('23', '1.500',
 * '23,5', a pasted 'R$ 1.234,56') and read by the same reader as WhatsApp. Under it, what will
 * be saved, so a misread amount is seen before it is saved. `onChange` gets 0 for an empty or
 * unreadable text, which the forms' schemas reject.
 */
export function MoneyField({
  id,
  value,
  onChange,
  onBlur,
  ref,
  invalid,
  name,
  className,
}: {
  id: string
  value: number | null | undefined
  onChange: (cents: number) => void
  onBlur?: () => void
  ref?: Ref<HTMLInputElement>
  invalid?: boolean
  name?: string
  className?: string
}) {
  const [text, setText] = useState(() => formatAmountInput(value ?? 0))
  const read = readTypedAmount(text)

  // The form set the amount itself (a reset, an entry loaded for editing): show it.
  useEffect(() => {
    setText((current) =>
      (readTypedAmount(current) ?? 0) === (value ?? 0) ? current : formatAmountInput(value ?? 0),
    )
  }, [value])

  const previewId = `${id}-previa`
  const preview =
    text.trim() === ''
      ? ''
      : read === null
        ? 'Valor não reconhecido. Ex.: 23, 1.500 ou 23,50'
        : `Será salvo: ${formatBRL(read)}`

  return (
    <div className={cn('space-y-1', className)}>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm">
          R$
        </span>
        <Input
          id={id}
          name={name}
          ref={ref}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          className="pl-10 tabular-nums"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            onChange(readTypedAmount(e.target.value) ?? 0)
          }}
          onBlur={() => {
            if (read !== null) setText(formatAmountInput(read))
            onBlur?.()
          }}
          aria-invalid={invalid || (read === null && text.trim() !== '') || undefined}
          aria-describedby={previewId}
        />
      </div>
      <p
        id={previewId}
        data-testid="amount-preview"
        aria-live="polite"
        className={cn(
          'min-h-4 text-xs',
          read === null ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {preview}
      </p>
    </div>
  )
}
