import type { ConnectionStatus } from '@equilibrai/shared'
import { queueNotification } from '../../messaging/index.ts'
import type { Env, Queryable } from '../../platform/index.ts'
import type { RemoteItem } from './aggregator.ts'
import {
  type ConnectionRow,
  markConsentReminded,
  setConnectionState,
  setConsentExpiry,
} from './connections.queries.ts'

/*
 * A connection's status, honest about what the aggregator says (ARCHITECTURE §11), and the one
 * WhatsApp message each time it goes into a failing state.
 */

const FAILING: ReadonlySet<ConnectionStatus> = new Set(['login_error', 'needs_action', 'outdated'])

/** Our status for the item's, before reading its data (null: UPDATED or OUTDATED, read it). */
export function statusOfItem(
  item: RemoteItem,
): { status: ConnectionStatus; error: string | null } | null {
  switch (item.status) {
    case 'UPDATING':
    case 'MERGING':
      return { status: 'syncing', error: null }
    case 'LOGIN_ERROR':
      return {
        status: 'login_error',
        error:
          item.errorCode === 'INVALID_CREDENTIALS_MFA'
            ? 'O código de segurança não foi aceito pelo banco. Reconecte para tentar de novo.'
            : 'O banco recusou o usuário ou a senha. Reconecte com os dados certos.',
      }
    case 'WAITING_USER_INPUT':
      return { status: 'needs_action', error: 'O banco pediu um código de segurança.' }
    case 'WAITING_USER_ACTION':
      return { status: 'needs_action', error: 'O banco pediu uma autorização sua. Reconecte.' }
    default:
      return null
  }
}

function messageFor(c: ConnectionRow, status: ConnectionStatus): string {
  const bank = c.institution
  switch (status) {
    case 'login_error':
      return `⚠️ A conexão com ${bank} parou: o banco recusou o login. Abra Contas no Equilibraí e reconecte para voltar a sincronizar.`
    case 'needs_action':
      return `⚠️ ${bank} precisa de uma ação sua (código de segurança ou autorização). Abra Contas no Equilibraí para continuar a sincronização.`
    default:
      return `⚠️ Não conseguimos atualizar ${bank}: os lançamentos do banco podem estar desatualizados. Tentaremos de novo; se continuar, reconecte em Contas.`
  }
}

/**
 * Writes the connection's new state; when it enters a failing state (from any other), queues
 * one WhatsApp message to the person who connected it, in the same transaction.
 */
export async function enterState(
  tx: Queryable,
  env: Env,
  c: ConnectionRow,
  next: {
    status: ConnectionStatus
    error: string | null
    mfaLabel?: string | null
    synced?: boolean
    readFrom?: string | null
  },
): Promise<void> {
  const failing = FAILING.has(next.status)
  const notify = failing && c.notified_status !== next.status && c.created_by !== null
  await setConnectionState(tx, {
    connectionId: c.id,
    ...next,
    ...(notify ? { notifiedStatus: next.status } : failing ? {} : { notifiedStatus: null }),
  })
  if (notify && c.created_by) {
    await queueNotification(tx, env, {
      userId: c.created_by,
      idempotencyKey: `bank-connection:${c.id}:${next.status}:${new Date().toISOString()}`,
      text: messageFor(c, next.status),
    })
  }
}

const CONSENT_WARNING_DAYS = 7
const dayMonth = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
})

/**
 * The consent the aggregator reported, kept for the web; when it ends within seven days, one
 * WhatsApp message to the person who connected the bank, once per connection per expiry date
 * (the daily run reads every connection: the second read finds it already sent). When it has
 * ended: `consentEnded` below, and true (the sync reads nothing more).
 */
export async function noteConsent(
  tx: Queryable,
  env: Env,
  c: ConnectionRow,
  consentExpiresAt: string | null,
  now = new Date(),
): Promise<boolean> {
  await setConsentExpiry(tx, { connectionId: c.id, at: consentExpiresAt })
  if (!consentExpiresAt) return false
  const ends = new Date(consentExpiresAt)
  const left = ends.getTime() - now.getTime()
  if (left <= 0) {
    await consentEnded(tx, env, c, ends)
    return true
  }
  if (!c.created_by || left > CONSENT_WARNING_DAYS * 86_400_000) return false
  if (!(await markConsentReminded(tx, { connectionId: c.id, at: ends.toISOString() }))) return false
  await queueNotification(tx, env, {
    userId: c.created_by,
    idempotencyKey: `bank-connection:${c.id}:consent:${ends.toISOString()}`,
    text: `⏳ A autorização do Open Finance para ${c.institution} vence em ${dayMonth.format(ends)}. Renove no app do banco ou reconecte em Contas no Equilibraí para não parar a sincronização.`,
  })
  return false
}

/**
 * The consent ended: `needs_action` with the reason (the web offers "Reconectar"; the daily run
 * skips it until a reconnect or a renewal at the bank brings it back), and one WhatsApp message
 * per connection per expiry date — the outbox's idempotency key holds it, however many syncs
 * (webhooks, "sincronizar agora") find the consent still ended.
 */
async function consentEnded(tx: Queryable, env: Env, c: ConnectionRow, ends: Date) {
  const day = dayMonth.format(ends)
  await setConnectionState(tx, {
    connectionId: c.id,
    status: 'needs_action',
    error: `A autorização do Open Finance venceu em ${day}. Reconecte para voltar a sincronizar.`,
    mfaLabel: null,
    // A later needs_action (a code asked) is news again only after a sync goes well.
    notifiedStatus: 'needs_action',
  })
  if (!c.created_by) return
  await queueNotification(tx, env, {
    userId: c.created_by,
    idempotencyKey: `bank-connection:${c.id}:consent-ended:${ends.toISOString()}`,
    text: `⛔ A autorização do Open Finance para ${c.institution} venceu em ${day} e paramos de sincronizar essa conexão. Abra Contas no Equilibraí e toque em Reconectar para voltar.`,
  })
}
