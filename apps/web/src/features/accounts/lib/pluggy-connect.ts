/*
 * Pluggy Connect, the aggregator's own widget (ARCHITECTURE §11): an iframe from Pluggy's site
 * where the person picks the bank and types the password, which goes straight to Pluggy and never
 * through us. pluggy-connect-sdk is loaded only when the widget opens, so no other page pays for it.
 */

export type PluggyConnectHandlers = {
  onSuccess: (itemId: string) => void
  onError: (message: string) => void
  onClose: () => void
}

/** Opens the widget over the page; with `updateItem`, it updates (reconnects) that item. */
export async function openPluggyConnect(
  p: { connectToken: string; updateItem?: string } & PluggyConnectHandlers,
): Promise<void> {
  const { PluggyConnect } = await import('pluggy-connect-sdk')
  const widget = new PluggyConnect({
    connectToken: p.connectToken,
    ...(p.updateItem ? { updateItem: p.updateItem } : {}),
    language: 'pt',
    onSuccess: ({ item }) => p.onSuccess(String(item.id)),
    onError: (error) => p.onError(error.message),
    onClose: () => p.onClose(),
  })
  await widget.init()
}
