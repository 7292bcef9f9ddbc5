import { type NonTextKind, replies } from '@equilibrai/assistant'
import type pg from 'pg'
import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import { dropPending } from '../ledger/assistant-state.queries.ts'
import { handleMessage } from '../ledger/assistant-service.ts'
import type { Queryable } from '../db/transaction.ts'
import { WHATSAPP_PROCESS_ATTEMPTS } from '../jobs/jobs.ts'
import type { Logger } from '../logger.ts'
import {
  consumeLinkCode,
  findLinkByWaId,
  linkNumber,
  MAX_FAILED_LINKS_PER_HOUR,
  normalizeCode,
  recentFailedLinks,
  recentUnknownMessages,
  touchLink,
} from './links.ts'
import { buttonReplyText, confirmMessage, type OutboundMessage, textMessage } from './messages.ts'
import { maskWaId, phoneKey } from './phone.ts'
import { type Channel, enqueueOutbound } from './sender.ts'
import { texts } from './texts.ts'
import { signupUrl } from './whatsapp-config.ts'

/*
 * The whatsapp_inbound job: one received message (webhook or simulator) → who wrote → linking,
 * the assistant, or a short answer → the reply queued through the sender.
 *
 * Exactly once: the job locks the inbox row and does nothing when it is already processed; the
 * reply and processed_at are written in one transaction. The assistant call commits on its own,
 * but it is idempotent by message id (the ledger's whatsapp_message_id and assistant_replies):
 * run again after a crash, it records nothing new and returns the same reply, which the
 * outbox's idempotency key then queues once.
 */

export type ProcessDeps = { db: Db; env: Env; log: Logger }

/** Answers to a number that is not a customer, per hour. */
export const MAX_UNKNOWN_REPLIES_PER_HOUR = 3

type InboundRow = {
  id: number
  message_id: string
  channel: Channel
  wa_id: string
  user_id: string | null
  type: string
  payload: Record<string, unknown> | null
  sent_at: Date
  processed_at: Date | null
  attempts: number
}

type Outcome = {
  status: 'processed' | 'linked' | 'link_refused' | 'unknown_sender'
  userId: string | null
  /** LGPD: for people who are not customers, only the delivery record stays. */
  erasePayload: boolean
  reply: OutboundMessage | null
}

type Read = { text: string } | { nonText: string }

const NON_TEXT_KINDS = new Set([
  'audio',
  'image',
  'document',
  'sticker',
  'location',
  'reaction',
  'video',
])

/** WhatsApp's message type as the assistant's kinds (voice notes arrive as 'audio'). */
export function nonTextKind(type: string): NonTextKind {
  return NON_TEXT_KINDS.has(type) ? (type as NonTextKind) : 'other'
}

/** The text a message carries for the assistant; button replies read as their meaning. */
export function readMessage(type: string, payload: Record<string, unknown> | null): Read {
  const p = (payload ?? {}) as {
    text?: { body?: unknown }
    interactive?: {
      type?: unknown
      button_reply?: { id?: unknown; title?: unknown }
      list_reply?: { title?: unknown }
    }
    button?: { text?: unknown }
  }
  if (type === 'text' && typeof p.text?.body === 'string') return { text: p.text.body }
  if (type === 'interactive') {
    const reply = p.interactive?.button_reply
    if (reply && typeof reply.id === 'string' && typeof reply.title === 'string') {
      return { text: buttonReplyText(reply.id, reply.title) }
    }
    if (typeof p.interactive?.list_reply?.title === 'string') {
      return { text: p.interactive.list_reply.title }
    }
  }
  // A quick-reply button of a template message.
  if (type === 'button' && typeof p.button?.text === 'string') return { text: p.button.text }
  return { nonText: type }
}

/** 'vincular ABC234' → the code ('' when the command came without one); null: not the command. */
export function readLinkCommand(text: string): string | null {
  const match = /^\s*vincular\b[\s:]*(.*)$/i.exec(text.normalize('NFC'))
  if (!match) return null
  return (match[1] ?? '').trim()
}

export async function processInbound(deps: ProcessDeps, inboundId: number): Promise<void> {
  const { db, log } = deps
  const client = await db.connect()
  let broken = false
  try {
    await client.query('begin')
    const { rows } = await client.query<InboundRow>(
      `select id, message_id, channel, wa_id, user_id, type, payload, sent_at, processed_at, attempts
         from whatsapp_inbound where id = $1 for update`,
      [inboundId],
    )
    const row = rows[0]
    if (!row || row.processed_at) {
      await client.query('commit')
      return
    }
    // One message of a person at a time: the conversation's state (the list 'últimos' showed,
    // a pending confirmation, the answer limits) sees each message after the one before.
    const person = row.channel === 'whatsapp' ? phoneKey(row.wa_id) : row.wa_id
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `whatsapp-conversation:${person}`,
    ])
    const outcome = await decide(deps, client, row)
    if (outcome.reply) {
      await enqueueOutbound(client, {
        idempotencyKey: `${row.message_id}:reply`,
        channel: row.channel,
        // Always the number that wrote, in the form it wrote from.
        waId: row.wa_id,
        userId: outcome.userId,
        message: outcome.reply,
      })
    }
    await client.query(
      `update whatsapp_inbound
          set processed_at = now(), status = $2, user_id = $3, attempts = attempts + 1,
              last_error = null, payload = case when $4 then null else payload end
        where id = $1`,
      [row.id, outcome.status, outcome.userId, outcome.erasePayload],
    )
    await client.query('commit')
    log.info(
      {
        inboundId: row.id,
        channel: row.channel,
        waId: maskWaId(row.wa_id),
        type: row.type,
        status: outcome.status,
      },
      'whatsapp message processed',
    )
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true
    })
    await handleFailure(deps, inboundId, error)
  } finally {
    client.release(broken)
  }
}

async function decide(deps: ProcessDeps, tx: pg.PoolClient, row: InboundRow): Promise<Outcome> {
  const { env } = deps
  const read = readMessage(row.type, row.payload)
  const linkCode = 'text' in read ? readLinkCommand(read.text) : null

  if (row.channel === 'simulator') {
    if (!row.user_id) throw new Error('simulator message without an account')
    if (linkCode !== null)
      return reply('processed', row.user_id, textMessage(texts.simulatorLink()))
    return answer(deps, row, row.user_id, read)
  }

  if (linkCode !== null) return link(deps, tx, row, linkCode)
  const linked = await findLinkByWaId(tx, row.wa_id)
  if (!linked) {
    // A few answers an hour at most: two bots answering each other must not loop forever.
    const answered = await recentUnknownMessages(tx, row.wa_id)
    return {
      status: 'unknown_sender',
      userId: null,
      erasePayload: true,
      reply:
        answered < MAX_UNKNOWN_REPLIES_PER_HOUR
          ? textMessage(replies.unknownSender(signupUrl(env)))
          : null,
    }
  }
  await touchLink(tx, { userId: linked.userId, waId: row.wa_id })
  return answer(deps, row, linked.userId, read)
}

function reply(
  status: Outcome['status'],
  userId: string | null,
  message: OutboundMessage,
): Outcome {
  return { status, userId, erasePayload: false, reply: message }
}

async function answer(deps: ProcessDeps, row: InboundRow, userId: string, read: Read) {
  if ('nonText' in read) {
    // An audio or a sticker is a message too: a pending question is not answered by it.
    await dropPending(deps.db, { userId })
    return reply('processed', userId, textMessage(replies.nonText(nonTextKind(read.nonText))))
  }
  const result = await handleMessage(deps.db, {
    userId,
    text: read.text,
    now: row.sent_at,
    source: 'whatsapp',
    messageId: row.message_id,
    publicUrl: deps.env.PUBLIC_URL,
  })
  const message =
    result.decision.kind === 'confirm_large' || result.decision.kind === 'confirm_date'
      ? confirmMessage(result.reply)
      : textMessage(result.reply)
  return reply('processed', userId, message)
}

async function link(deps: ProcessDeps, tx: Queryable, row: InboundRow, typed: string) {
  const dashboard = `${deps.env.PUBLIC_URL}/dashboard`
  const refused = (message: string): Outcome => ({
    status: 'link_refused',
    userId: null,
    erasePayload: true,
    reply: textMessage(message),
  })
  if (!typed) {
    const linked = await findLinkByWaId(tx, row.wa_id)
    return {
      ...refused(texts.linkHowTo(dashboard)),
      status: 'processed',
      userId: linked?.userId ?? null,
    } satisfies Outcome
  }
  if ((await recentFailedLinks(tx, row.wa_id)) >= MAX_FAILED_LINKS_PER_HOUR) {
    return refused(texts.linkTooManyAttempts())
  }
  const code = normalizeCode(typed)
  const userId = code ? await consumeLinkCode(tx, code) : null
  if (!userId) return refused(texts.linkInvalid(dashboard))
  const { movedFrom } = await linkNumber(tx, { userId, waId: row.wa_id })
  const { rows } = await tx.query<{ name: string }>('select name from profiles where id = $1', [
    userId,
  ])
  const firstName = rows[0]?.name.trim().split(/\s+/)[0] ?? null
  deps.log.info(
    { inboundId: row.id, waId: maskWaId(row.wa_id), userId, moved: movedFrom !== null },
    'whatsapp number linked',
  )
  return {
    status: 'linked',
    userId,
    erasePayload: true,
    reply: textMessage(texts.linked(firstName)),
  } satisfies Outcome
}

/**
 * A failed attempt is counted outside the rolled-back transaction. graphile-worker retries the
 * job (with its backoff) until WHATSAPP_PROCESS_ATTEMPTS (jobs/jobs.ts); then the person gets an apology and the
 * message is closed as failed, so it is never retried forever nor left unanswered.
 */
async function handleFailure(deps: ProcessDeps, inboundId: number, error: unknown) {
  const { db, log } = deps
  const { rows } = await db.query<{
    attempts: number
    message_id: string
    channel: Channel
    wa_id: string
    user_id: string | null
  }>(
    `update whatsapp_inbound set attempts = attempts + 1, last_error = $2
      where id = $1 and processed_at is null
      returning attempts, message_id, channel, wa_id, user_id`,
    [inboundId, String((error as Error)?.message ?? error).slice(0, 300)],
  )
  const row = rows[0]
  log.error(
    { err: error, inboundId, attempts: row?.attempts },
    'whatsapp message processing failed',
  )
  if (!row || row.attempts < WHATSAPP_PROCESS_ATTEMPTS) throw error
  const client = await db.connect()
  try {
    await client.query('begin')
    await enqueueOutbound(client, {
      idempotencyKey: `${row.message_id}:reply`,
      channel: row.channel,
      waId: row.wa_id,
      userId: row.user_id,
      message: textMessage(texts.failed()),
    })
    await client.query(
      `update whatsapp_inbound set processed_at = now(), status = 'failed' where id = $1`,
      [inboundId],
    )
    await client.query('commit')
  } catch (giveUpError) {
    await client.query('rollback').catch(() => {})
    throw giveUpError
  } finally {
    client.release()
  }
}
