import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

type FormFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string
  label: string
  hint?: ReactNode
  invalid?: boolean
}

/** A labelled input with an optional hint under it, marked invalid when its rule failed. */
export function FormField({ id, label, hint, invalid, ...input }: FormFieldProps) {
  const hintId = hint ? `${id}-dica` : undefined
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={hintId} {...input} />
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  )
}
