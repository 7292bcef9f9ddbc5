import {
  CONNECTION_STATUS_LABELS,
  type Connection,
  type ConnectionStatus,
} from '@equilibrai/shared'

/** The status in honest pt-BR words; a bank waiting for a code says so. */
export function statusText(c: Pick<Connection, 'status' | 'mfa'>): string {
  if (c.status === 'needs_action' && c.mfa) return 'O banco pede uma ação (código)'
  return CONNECTION_STATUS_LABELS[c.status]
}

const dayMonth = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
})
const hourMinute = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
})

/** `26/11 às 14:03`, São Paulo time. */
export function syncedAt(iso: string): string {
  const at = new Date(iso)
  return `${dayMonth.format(at)} às ${hourMinute.format(at)}`
}

/** `26/11`, São Paulo time. */
export function dayOf(iso: string): string {
  return dayMonth.format(new Date(iso))
}

export const FAILING_STATUSES: ReadonlySet<ConnectionStatus> = new Set([
  'login_error',
  'needs_action',
  'outdated',
])
