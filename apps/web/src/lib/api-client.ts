import type { ApiErrorBody } from '@equilibrai/shared'

/** A failed call: `status` 0 means the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }

  /** Bad input, no session, not allowed…: asking again will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500
  }
}

const GENERIC_MESSAGE = 'Algo deu errado. Tente novamente.'
const NETWORK_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão.'

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const error = value.error
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export type RequestOptions = Omit<RequestInit, 'body' | 'method'> & { body?: unknown }

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...init } = options
  let response: Response
  try {
    response = await fetch(path, {
      ...init,
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE, { cause })
  }

  const text = await response.text()
  const data = text ? parseJson(text) : undefined
  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message)
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, GENERIC_MESSAGE)
  }
  return data as T
}

/** JSON over fetch with the session cookie; every non-2xx answer becomes an ApiError. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
}
