import { isRealDate } from '@equilibrai/shared'

/** `2026-11-05` → `05/11/2026`; anything else as given. */
export function formatIsoDate(date: string): string {
  return isRealDate(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date
}
