import { useTheme } from 'next-themes'
import { Toaster } from 'sonner'

/** Spec §4 and §9: toasts last 4000 ms and at most 3 are visible. Loaded on the first toast. */
export function AppToaster() {
  const { resolvedTheme } = useTheme()
  return (
    <Toaster
      position="top-center"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      containerAriaLabel="Notificações"
    />
  )
}
