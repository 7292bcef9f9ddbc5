import type { FieldErrors, FieldValues } from 'react-hook-form'
import { toastError } from './notify'

/*
 * The one form style (STYLE 5): react-hook-form with zodResolver(<the shared schema>), and
 * `form.handleSubmit(onValid, toastFirstError)`. React Hook Form focuses the first invalid field;
 * FormField marks it with `invalid={Boolean(form.formState.errors.<field>)}`.
 */

/** Spec §5: only the first broken rule is shown, as a toast. */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>): void {
  const first = Object.values(errors).find((error) => typeof error?.message === 'string')
  toastError(undefined, typeof first?.message === 'string' ? first.message : 'Dados inválidos')
}

/** `register(name, trimmed)`: the rules see the value without surrounding spaces. */
export const trimmed = {
  setValueAs: (value: unknown) => (typeof value === 'string' ? value.trim() : value),
}
