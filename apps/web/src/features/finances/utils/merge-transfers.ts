import type { Transaction } from '@equilibrai/shared'
import type { Transfer } from '@equilibrai/shared'

export type ListItem =
  | { kind: 'entry'; entry: Transaction }
  | { kind: 'transfer'; transfer: Transfer }

/**
 * The month's entries (newest first, paged) and transfers (all of the month) as one list, newest
 * first. While more entries are to come, transfers older than the last loaded entry wait for
 * them, so 'Carregar mais' never puts an entry above a transfer that is newer.
 */
export function mergeTransfers(
  entries: Transaction[],
  transfers: Transfer[],
  complete: boolean,
): ListItem[] {
  const oldest = entries.at(-1)?.occurred_on
  const shown =
    complete || oldest === undefined ? transfers : transfers.filter((t) => t.occurred_on >= oldest)
  const items: ListItem[] = []
  let t = 0
  for (const entry of entries) {
    while (t < shown.length && (shown[t]?.occurred_on ?? '') > entry.occurred_on) {
      items.push({ kind: 'transfer', transfer: shown[t] as Transfer })
      t++
    }
    items.push({ kind: 'entry', entry })
  }
  for (; t < shown.length; t++) items.push({ kind: 'transfer', transfer: shown[t] as Transfer })
  return items
}
