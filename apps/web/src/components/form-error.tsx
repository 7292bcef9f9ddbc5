import { ApiError } from '@/lib/api-client'

/**
 * A failed request's explanation inside the form or dialog that made it (role alert, so a
 * screen reader says it): the server's pt-BR message for a 4xx, else the generic one.
 */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null
  const message =
    error instanceof ApiError && (error.isClientError || error.status === 0)
      ? error.message
      : 'Algo deu errado. Tente novamente.'
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive text-sm dark:text-red-300"
      data-testid="form-error"
    >
      {message}
    </p>
  )
}
