import { toastInfo } from './notify'

/** Spec §1 and §9: the worker is asked for an update every 60 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 3_600_000

let registration: ServiceWorkerRegistration | undefined

/**
 * Shows a system notification only when the user already granted permission; permission is
 * never requested. A toast says the same inside the page.
 */
export function notify(title: string, body?: string): void {
  toastInfo(title, body)
  if (!('Notification' in window) || Notification.permission !== 'granted') return
  const options: NotificationOptions = { body, icon: '/icons/icon-192.png', lang: 'pt-BR' }
  // Android Chrome only allows notifications through the worker registration.
  if (registration) {
    registration.showNotification(title, options).catch((error: unknown) => {
      console.error('Falha ao mostrar notificação', error)
    })
    return
  }
  try {
    new Notification(title, options)
  } catch (error) {
    console.error('Falha ao mostrar notificação', error)
  }
}

function watchForUpdates(reg: ServiceWorkerRegistration): void {
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing
    worker?.addEventListener('statechange', () => {
      // With a controller present, an installed worker is a new version, not the first one.
      if (worker.state === 'installed' && navigator.serviceWorker.controller) {
        notify('Nova versão disponível', 'Recarregue a página para usar a versão mais recente.')
      }
    })
  })
  setInterval(() => {
    reg.update().catch((error: unknown) => console.error('Falha ao buscar atualização', error))
  }, UPDATE_CHECK_INTERVAL_MS)
}

export function registerServiceWorker(): void {
  window.addEventListener('online', () => notify('Você está online novamente'))
  window.addEventListener('offline', () => notify('Você está offline'))

  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => {
        // Some embedded browsers resolve without a registration when workers are disabled.
        if (!reg) return
        registration = reg
        watchForUpdates(reg)
      })
      .catch((error: unknown) => console.error('Falha ao registrar o service worker', error))
  })
}
