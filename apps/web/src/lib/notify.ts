import { toast } from './toast'
import { ApiError } from './api-client'

/**
 * The one place an error becomes a toast (STYLE 10). `message` is the spec's text for the
 * situation (section 8); when the server explained a 4xx in pt-BR, that explanation goes
 * underneath as the description. Without `message`, the server's own message is shown.
 */
export function toastError(error: unknown, message?: string): void {
  const serverMessage =
    error instanceof ApiError && (error.isClientError || error.status === 0)
      ? error.message
      : undefined
  if (!message) {
    toast.error(serverMessage ?? 'Algo deu errado. Tente novamente.')
    return
  }
  toast.error(
    message,
    serverMessage && serverMessage !== message ? { description: serverMessage } : undefined,
  )
}

export function toastSuccess(message: string): void {
  toast.success(message)
}

export function toastInfo(message: string, description?: string): void {
  toast.info(message, description ? { description } : undefined)
}
