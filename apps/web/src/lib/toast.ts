/**
 * Toasts without sonner in the first download: the library and its <Toaster> load on the
 * first toast. Sonner replays toasts created before its Toaster subscribes, so nothing is lost.
 */
type Sonner = typeof import('sonner')
type Listener = () => void

let sonner: Promise<Sonner> | undefined
let requested = false
const listeners = new Set<Listener>()

export function isToasterRequested(): boolean {
  return requested
}

export function subscribeToasterRequested(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner')
    requested = true
    for (const listener of listeners) listener()
  }
  return sonner
}

type ToastOptions = { description?: string }

function show(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  loadSonner()
    .then(({ toast }) => toast[kind](message, options))
    .catch((error: unknown) => console.error('Falha ao carregar as notificações', error))
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
}
