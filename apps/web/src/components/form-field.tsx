import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

type FormFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string
  label: string
  hint?: ReactNode
  invalid?: boolean
  /** The broken rule's message, shown under the field (issue 26: errors beside their field). */
  error?: string
}

/** A labelled input with an optional hint and error under it, marked invalid when its rule failed. */
export function FormField({ id, label, hint, invalid, error, ...input }: FormFieldProps) {
  const hintId = hint ? `${id}-dica` : undefined
  const errorId = error ? `${id}-erro` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-destructive text-xs" data-testid="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  )
}
