import { useCreatePortalSession } from '../api/create-portal-session'

/**
 * Opens the subscription portal in a new tab (spec §2). The tab is opened synchronously in the
 * click, where popup blockers allow it, and sent to the portal once its url arrives; on failure
 * it is closed again (the toast comes from the mutation's errorMessage).
 */
export function useOpenPortal() {
  const { mutate, isPending } = useCreatePortalSession()
  function open() {
    const tab = window.open('', '_blank')
    if (tab) {
      // The portal must not be able to reach back into this page.
      tab.opener = null
      tab.document.title = 'Abrindo o portal de assinaturas…'
    }
    mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab && !tab.closed) tab.location.href = url
        else window.location.assign(url)
      },
      onError: () => tab?.close(),
    })
  }
  return { open, isPending }
}
