import {
  WHATSAPP_PROCESS_ATTEMPTS,
  MAX_FAILED_LINKS_PER_HOUR,
  normalizeCode,
  consumeLinkCode,
  findAndTouchLink,
  findAndTouchLinks,
  type Link,
  findLinkByWaId,
  linkNumber,
  buttonReplyText,
  choiceMessage,
  confirmMessage,
  documentMessage,
  type OutboundMessage,
  textMessage,
  countFailedAttempt,
  type Channel,
  type InboundRow,
  lockInbound,
  conversationLockKey,
  inboundSender,
  lockConversationThenNext,
  nextInConversation,
  waIdForms,
  markFailed,
  markProcessed,
  recentWithStatus,
  maskWaId,
  phoneKey,
  enqueueOutbound,
  signupUrl,
} from '../messaging/index.ts'
import { type NonTextKind, replies } from '@equilibrai/assistant'
import type pg from 'pg'
import {
  type Db,
  inTransaction,
  type Queryable,
  type Env,
  type Logger,
  unlockSession,
} from '../platform/index.ts'
import { dropPending, saveReplies } from './assistant-state.queries.ts'
import { type MessageContext, readMessageContexts } from './message-context.queries.ts'
import { handleMessage } from './assistant-service.ts'
import { getProfile } from '../accounts/index.ts'
import { texts } from './texts.ts'
import { answerStatementDocument, statementDocument } from './statement-import.ts'
import { type BatchSteps, type Responded, type Turn, understandBatch } from './inbound-batch.ts'
import { EntryBatch } from './entry-batch.ts'

/*
 * The whatsapp_inbound job: one received message (webhook or simulator) → who wrote → linking,
 * the assistant, or a short answer → the reply queued through the sender.
 *
 * Exactly once: the job locks the inbox row and does nothing when it is already processed; the
 * assistant's change, the reply and processed_at are written in one transaction on the job's
 * one connection. The assistant is also idempotent by message id (the ledger's
 * whatsapp_message_id and assistant_replies), and the outbox's idempotency key queues a reply
 * once.
 */

export type ProcessDeps = { db: Db; env: Env; log: Logger }

/** Answers to a number that is not a customer, per hour. */
export const MAX_UNKNOWN_REPLIES_PER_HOUR = 3

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

/** Whose message it is, when the caller has just read it (an inbound job's open messages). */
export type KnownSender = { channel: Channel; wa_id: string }

export async function processInbound(
  deps: ProcessDeps,
  inboundId: number,
  known?: KnownSender,
): Promise<void> {
  // One connection for the whole message, the assistant and a failure's bookkeeping included:
  // a job never waits for a second connection while holding one, so a burst cannot exhaust the
  // pool with jobs waiting on each other.
  const client = await deps.db.connect()
  let broken = false
  try {
    const sender = known ? { ...known, processed: false } : await inboundSender(client, inboundId)
    if (!sender || sender.processed) return
    // Usually this message and other people's next ones together (inbound-batch.ts). While
    // its person is busy (in another job's batch) the job takes other people's messages rather
    // than wait; alone below when there are none, it is not their next yet, or it failed before.
    const steps: BatchSteps<Prepared> = {
      prepare,
      respond: (tx, row, prepared) => respond(deps, tx, row, prepared),
      finish,
      alone: (id) =>
        inTransaction(client, (tx) => processLocked(deps, tx, id)).catch((error) =>
          handleFailure(deps, client, id, error),
        ),
    }
    for (let round = 0; round < MAX_BATCH_ROUNDS; round++) {
      const batch = await understandBatch(client, { ownId: inboundId, log: deps.log }, steps)
      if (batch === 'own') return
      if (batch === 'none') break
      const again = await inboundSender(client, inboundId)
      if (!again || again.processed) return
    }
    // The person's conversation, held across the transactions below: their messages are
    // understood one at a time, in the order they were sent (ARCHITECTURE §12). Jobs run in
    // whatever order the queue gives them, so each first understands the person's earlier
    // messages still open ("uber 41" before the "desfazer" sent after it but received first).
    const person = sender.channel === 'whatsapp' ? phoneKey(sender.wa_id) : sender.wa_id
    const waIds = sender.channel === 'whatsapp' ? waIdForms(sender.wa_id) : [sender.wa_id]
    const key = conversationLockKey(person)
    try {
      // The first look for the next message takes the person's lock in the same round trip.
      let next = await lockConversationThenNext(client, {
        key,
        id: inboundId,
        channel: sender.channel,
        waIds,
      })
      for (let n = 0; n < MAX_CATCH_UP; n++) {
        if (n > 0)
          next = await nextInConversation(client, { id: inboundId, channel: sender.channel, waIds })
        if (next === null) return
        const id = next
        await inTransaction(client, (tx) => processLocked(deps, tx, id)).catch((error) =>
          handleFailure(deps, client, id, error),
        )
        if (id === inboundId) return
      }
      // A long backlog: this job is retried (its message's turn comes as the others close).
      throw new Error('whatsapp_inbound: mensagens anteriores ainda em processamento')
    } finally {
      await unlockSession(client, key).catch(() => {
        broken = true
      })
    }
  } catch (error) {
    broken = true
    throw error
  } finally {
    // A connection whose session lock may still be held is closed, not reused.
    client.release(broken)
  }
}

/** Batches of other people's messages one job takes while its own person is busy. */
const MAX_BATCH_ROUNDS = 4

/** Earlier messages one job understands before its own (more are left to their own jobs). */
const MAX_CATCH_UP = 50

/** A message alone: a batch of one (the same reads and writes, for one message). */
async function processLocked(deps: ProcessDeps, tx: pg.PoolClient, inboundId: number) {
  const row = await lockInbound(tx, inboundId)
  if (!row || row.processed_at) return
  const prepared = await prepare(tx, [row])
  const turn = await respond(deps, tx, row, prepared)
  await finish(tx, prepared)
  const { closed, reply } = await turn.outcome
  if (reply) await enqueueOutbound(tx, reply)
  await markProcessed(tx, closed)
}

/**
 * What a batch's messages read once for all of them (ADR 024, context read once per batch): who
 * wrote (the WhatsApp numbers' links; a number absent was not read), and each assistant
 * message's context by inbox id (message-context.queries.ts); the replies to store at the end.
 */
type Prepared = {
  links: Map<string, Link | null>
  contexts: Map<number, MessageContext>
  replies: { messageId: string; reply: string }[]
  /** The plain entries waiting to be recorded together (entry-batch.ts). */
  entries: EntryBatch
  /** The outcomes of the messages whose entry waits there. */
  paused: Promise<Responded>[]
}

/**
 * Reads the batch's context in three or four statements. Messages read nothing here, and read
 * as the single path does at their turn, when an earlier message of the batch could change what
 * they would read: a batch with a 'vincular' (a number linked may move another number's link)
 * reads nothing; a person's second message (the same person on two channels) reads at its turn;
 * a second message of the same ledger reads the ledger's state at its turn
 * (readMessageContexts).
 */
async function prepare(tx: pg.PoolClient, rows: readonly InboundRow[]): Promise<Prepared> {
  const prepared: Prepared = {
    links: new Map(),
    contexts: new Map(),
    replies: [],
    entries: new EntryBatch(),
    paused: [],
  }
  const reads = rows.map((row) => ({ row, read: readMessageRow(row) }))
  if (reads.some(({ row, read }) => row.channel === 'whatsapp' && read.linkCode !== null))
    return prepared
  prepared.links = await findAndTouchLinks(
    tx,
    rows.filter((r) => r.channel === 'whatsapp').map((r) => r.wa_id),
  )
  const people = new Set<string>()
  const wanted: { id: number; messageId: string; userId: string; now: Date }[] = []
  for (const { row, read } of reads) {
    const userId =
      row.channel === 'simulator' ? row.user_id : (prepared.links.get(row.wa_id)?.userId ?? null)
    if (!userId) continue
    const first = !people.has(userId)
    people.add(userId)
    // Only a text the assistant will understand claims its id and reads the ledger.
    if (first && 'text' in read.read && read.linkCode === null)
      wanted.push({ id: row.id, messageId: row.message_id, userId, now: row.sent_at })
  }
  const contexts = await readMessageContexts(tx, wanted)
  for (const [index, { id, messageId }] of wanted.entries()) {
    const context = contexts[index]
    if (!context) continue
    context.keepReply = (reply) => prepared.replies.push({ messageId, reply })
    // Only a ledger's first message (its state read here) may leave an entry waiting.
    if (context.state) context.entries = prepared.entries
    prepared.contexts.set(id, context)
  }
  return prepared
}

/** The entries and the replies the batch's messages left: a statement or two each. */
async function finish(tx: pg.PoolClient, prepared: Prepared): Promise<void> {
  await settle(tx, prepared)
  await saveReplies(tx, prepared.replies)
}

/** Records the entries waiting and lets their messages finish their replies. */
async function settle(tx: pg.PoolClient, prepared: Prepared): Promise<void> {
  if (prepared.entries.size === 0 && prepared.paused.length === 0) return
  await prepared.entries.flush(tx)
  const paused = prepared.paused
  prepared.paused = []
  await Promise.all(paused)
}

function readMessageRow(row: InboundRow): { read: Read; linkCode: string | null } {
  const read = readMessage(row.type, row.payload)
  return { read, linkCode: 'text' in read ? readLinkCommand(read.text) : null }
}

/**
 * One locked, open message understood: its reply, and how to close it (the caller queues the
 * one and closes the other in the same transaction). One message of a person at a time (the
 * conversation's session lock, held by processInbound or a batch around this): the
 * conversation's state (the list 'últimos' showed, a pending confirmation, the answer limits)
 * sees each message after the one before.
 */
async function respond(
  deps: ProcessDeps,
  tx: pg.PoolClient,
  row: InboundRow,
  prepared: Prepared,
): Promise<Turn> {
  const entries = prepared.contexts.get(row.id)?.entries
  // A message that may not leave an entry waiting (a later message of a ledger already in the
  // batch, one without its ledger's state, a link, …) comes after the waiting entries are
  // recorded, so it reads and writes after them as one by one.
  if (!entries) {
    await settle(tx, prepared)
    return { outcome: Promise.resolve(await understood(deps, tx, row, prepared)) }
  }
  const paused = entries.whenWaiting().then(() => 'paused' as const)
  const outcome = understood(deps, tx, row, prepared)
  const first = await Promise.race([outcome, paused])
  if (first !== 'paused') return { outcome: Promise.resolve(first) }
  // Awaited by `settle`; a flush that fails rejects it there (and fails the batch), so it is
  // marked handled here rather than reported as an unhandled rejection as well.
  outcome.catch(() => {})
  prepared.paused.push(outcome)
  return { outcome }
}

/** The message understood (its entry, when it waits, recorded by `settle`). */
async function understood(
  deps: ProcessDeps,
  tx: pg.PoolClient,
  row: InboundRow,
  prepared: Prepared,
): Promise<Responded> {
  const outcome = await decide(deps, tx, row, prepared)
  deps.log.info(
    {
      inboundId: row.id,
      channel: row.channel,
      waId: maskWaId(row.wa_id),
      type: row.type,
      status: outcome.status,
    },
    'whatsapp message processed',
  )
  return {
    closed: {
      id: row.id,
      status: outcome.status,
      userId: outcome.userId,
      erasePayload: outcome.erasePayload,
    },
    reply: outcome.reply && {
      idempotencyKey: `${row.message_id}:reply`,
      channel: row.channel,
      // Always the number that wrote, in the form it wrote from.
      waId: row.wa_id,
      userId: outcome.userId,
      message: outcome.reply,
    },
  }
}

async function decide(
  deps: ProcessDeps,
  tx: pg.PoolClient,
  row: InboundRow,
  prepared: Prepared,
): Promise<Outcome> {
  const { env } = deps
  const { read, linkCode } = readMessageRow(row)
  const context = prepared.contexts.get(row.id)

  if (row.channel === 'simulator') {
    if (!row.user_id) throw new Error('simulator message without an account')
    if (linkCode !== null)
      return reply('processed', row.user_id, textMessage(texts.simulatorLink()))
    return answer(deps, tx, row, row.user_id, read, context)
  }

  if (linkCode !== null) return link(deps, tx, row, linkCode)
  // The account, and the form that wrote remembered for proactive messages: one statement.
  const linked = prepared.links.has(row.wa_id)
    ? (prepared.links.get(row.wa_id) ?? null)
    : await findAndTouchLink(tx, row.wa_id)
  if (!linked) {
    // A few answers an hour at most: two bots answering each other must not loop forever.
    const answered = await recentWithStatus(tx, { waId: row.wa_id, status: 'unknown_sender' })
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
  return answer(deps, tx, row, linked.userId, read, context)
}

function reply(
  status: Outcome['status'],
  userId: string | null,
  message: OutboundMessage,
): Outcome {
  return { status, userId, erasePayload: false, reply: message }
}

async function answer(
  deps: ProcessDeps,
  tx: pg.PoolClient,
  row: InboundRow,
  userId: string,
  read: Read,
  /** The message's context as its batch read it (undefined: read at its turn). */
  context: MessageContext | undefined,
) {
  const statement =
    'nonText' in read && read.nonText === 'document' ? statementDocument(row.payload) : null
  if (statement) {
    const answered = await answerStatementDocument(tx, {
      env: deps.env,
      userId,
      messageId: row.message_id,
      document: statement,
      now: row.sent_at,
    })
    const message = answered.confirm
      ? confirmMessage(answered.text)
      : answered.choices
        ? choiceMessage(answered.text, answered.choices)
        : textMessage(answered.text)
    return reply('processed', userId, message)
  }
  if ('nonText' in read) {
    // An audio or a sticker is a message too: a pending question is not answered by it.
    await dropPending(tx, { userId })
    return reply('processed', userId, textMessage(replies.nonText(nonTextKind(read.nonText))))
  }
  const result = await handleMessage(
    tx,
    {
      userId,
      text: read.text,
      now: row.sent_at,
      source: 'whatsapp',
      messageId: row.message_id,
      publicUrl: deps.env.PUBLIC_URL,
    },
    context,
  )
  const decision = result.decision
  const message = result.document
    ? documentMessage({ ...result.document, caption: result.reply })
    : result.asks
      ? confirmMessage(result.reply)
      : decision.kind === 'choose_account' && !result.duplicate
        ? choiceMessage(result.reply, decision.question.asks[0]?.choices.map((c) => c.name) ?? [])
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
  if (
    (await recentWithStatus(tx, { waId: row.wa_id, status: 'link_refused' })) >=
    MAX_FAILED_LINKS_PER_HOUR
  ) {
    return refused(texts.linkTooManyAttempts())
  }
  const code = normalizeCode(typed)
  const userId = code ? await consumeLinkCode(tx, code) : null
  if (!userId) return refused(texts.linkInvalid(dashboard))
  const { movedFrom } = await linkNumber(tx, { userId, waId: row.wa_id })
  const profile = await getProfile(tx, { userId })
  const firstName = profile?.name.trim().split(/\s+/)[0] ?? null
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
 * job (with its backoff) until WHATSAPP_PROCESS_ATTEMPTS (messaging/whatsapp.jobs.ts); then the person gets an
 * apology and the message is closed as failed, so it is never retried forever nor left
 * unanswered.
 */
async function handleFailure(
  deps: ProcessDeps,
  client: pg.PoolClient,
  inboundId: number,
  error: unknown,
) {
  const row = await countFailedAttempt(client, {
    id: inboundId,
    error: String((error as Error)?.message ?? error),
  })
  deps.log.error(
    { err: error, inboundId, attempts: row?.attempts },
    'whatsapp message processing failed',
  )
  if (!row || row.attempts < WHATSAPP_PROCESS_ATTEMPTS) throw error
  await inTransaction(client, async (tx) => {
    await enqueueOutbound(tx, {
      idempotencyKey: `${row.message_id}:reply`,
      channel: row.channel,
      waId: row.wa_id,
      userId: row.user_id,
      message: textMessage(texts.failed()),
    })
    await markFailed(tx, inboundId)
  })
}
