import { type Account, csvMappingSchema, MAX_IMPORT_BYTES, saoPauloDate } from '@equilibrai/shared'
import { replies } from '@equilibrai/assistant'
import type pg from 'pg'
import { downloadMedia } from '../messaging/index.ts'
import {
  accountForStatement,
  cheapestPaidPlanName,
  commitImport,
  LimitReachedError,
  listAccounts,
  MappingRequiredError,
  moveImport,
  ownerPaysForPlan,
  type ParsedStatement,
  parseStatement,
  previewImport,
  savedCsvMapping,
} from '../ledger/index.ts'
import { AppError, type Env } from '../platform/index.ts'
import { type LedgerRef, ledgerForUser } from '../tenancy/index.ts'
import { setAccountQuestion } from './account-question.queries.ts'
import {
  claimMessage,
  dropPending,
  saveReply,
  setPendingImport,
  storedReply,
} from './assistant-state.queries.ts'
import { statementReplies as texts } from './statement-replies.ts'

/*
 * A bank statement sent on WhatsApp as a document (ARCHITECTURE §10, issue 22): fetched from
 * Meta (messaging/media.ts), read and previewed like an upload to /api/v1/imports (nothing
 * recorded), and the counts go back as the reply; 'confirmar' (or the Sim button) commits it,
 * 'não' drops it. The account: the one the file points to (a card's or an account's statement,
 * the bank's name) — when several accounts could be it, 'De qual conta é este extrato?' is asked
 * with the account-choice machinery, and the answer moves the preview there. Paid plans only,
 * like the web route.
 */

/** The document a WhatsApp message carries, when it may be a statement (OFX or CSV). */
export type StatementDocument = { mediaId: string; filename: string; mimeType: string }

const STATEMENT_NAME = /\.(ofx|qfx|csv|txt)$/i
const STATEMENT_MIME =
  /^(text\/(csv|plain|comma-separated-values|x-csv)|application\/(x-)?(ofx|csv)|application\/vnd\.intu\.qfx|application\/vnd\.ms-excel)/i

export function statementDocument(
  payload: Record<string, unknown> | null,
): StatementDocument | null {
  const doc = (payload?.document ?? null) as {
    id?: unknown
    filename?: unknown
    mime_type?: unknown
  } | null
  if (!doc || typeof doc.id !== 'string' || doc.id === '') return null
  const filename = typeof doc.filename === 'string' ? doc.filename : ''
  const mimeType = typeof doc.mime_type === 'string' ? doc.mime_type : ''
  if (!STATEMENT_NAME.test(filename) && !STATEMENT_MIME.test(mimeType)) return null
  return { mediaId: doc.id, filename, mimeType }
}

/** What the processor sends: text, a Sim/Não question, or a numbered choice. */
export type StatementAnswer = { text: string; confirm?: boolean; choices?: string[] }

type DocumentInput = {
  env: Env
  userId: string
  messageId: string
  document: StatementDocument
  now: Date
}

/** `tx` is the job's transaction. Idempotent by message id (the first reply is repeated). */
export async function answerStatementDocument(
  tx: pg.PoolClient,
  input: DocumentInput,
): Promise<StatementAnswer> {
  const { userId, messageId } = input
  if (!(await claimMessage(tx, { messageId, userId }))) {
    return { text: (await storedReply(tx, { messageId, userId })) ?? '' }
  }
  // A file is a message too: whatever question was waiting is not answered by it.
  await dropPending(tx, { userId })
  const answer = await readAndPreview(tx, input)
  await saveReply(tx, { messageId, reply: answer.text })
  return answer
}

async function readAndPreview(tx: pg.PoolClient, input: DocumentInput): Promise<StatementAnswer> {
  const { userId, now } = input
  const ledger = await ledgerForUser(tx, { userId })
  if (!(await ownerPaysForPlan(tx, ledger.ownerId)))
    return { text: texts.notInPlan(await cheapestPaidPlanName(tx)) }
  const file = await downloadMedia(input.env, input.document.mediaId, {
    maxBytes: MAX_IMPORT_BYTES,
  })
  if (!file.ok) {
    if (file.tooLarge) return { text: texts.tooLarge() }
    // Meta or the network failing for a moment: the job is tried again (processor.ts).
    if (file.retryable) throw new Error(`statement download: ${file.reason}`)
    return { text: texts.downloadFailed() }
  }
  const accounts = await listAccounts(tx, { ledgerId: ledger.ledgerId, today: saoPauloDate(now) })
  let read: { parsed: ParsedStatement; accountId?: number }
  try {
    read = await readStatement(tx, file.bytes, accounts)
  } catch (error) {
    if (error instanceof MappingRequiredError)
      return { text: texts.mappingRequired(`${input.env.PUBLIC_URL}/importar`) }
    if (error instanceof AppError && error.status < 500)
      return { text: texts.unreadable(error.message) }
    throw error
  }
  const { parsed } = read
  const target =
    read.accountId !== undefined
      ? { account: accounts.find((a) => a.id === read.accountId) as Account }
      : accountForStatement(accounts, parsed.source)
  const first = 'account' in target ? target.account : target.choices[0]
  if (!first) throw new Error('a ledger always has an account')
  const summary = await previewImport(tx, {
    ledger,
    userId,
    accountId: first.id,
    bytes: file.bytes,
    parsed,
  })
  if ('choices' in target) {
    const choices = target.choices.map((a) => ({ id: a.id, name: a.name, kind: a.kind }))
    await setAccountQuestion(tx, {
      userId,
      now,
      question: {
        asks: [{ slot: 'entry', reason: 'several', said: '', choices }],
        pending: { kind: 'import_statement', import_id: summary.id, account_id: 0 },
      },
    })
    return {
      text: texts.whichAccount(
        summary,
        choices.map((c) => c.name),
      ),
      choices: choices.map((c) => c.name),
    }
  }
  const preview = texts.preview(summary, first.name)
  if (preview.asks) await setPendingImport(tx, { userId, importId: summary.id, now })
  return { text: preview.text, confirm: preview.asks }
}

/**
 * The file's rows. Another bank's CSV is read with a column mapping the person saved on the web
 * for one of their accounts (that account is then the statement's); none fits: MappingRequired.
 */
async function readStatement(
  tx: pg.PoolClient,
  bytes: Uint8Array,
  accounts: readonly Account[],
): Promise<{ parsed: ParsedStatement; accountId?: number }> {
  try {
    return { parsed: await parseStatement(bytes, null) }
  } catch (error) {
    if (!(error instanceof MappingRequiredError)) throw error
    for (const account of accounts) {
      if (account.archived) continue
      const saved = csvMappingSchema.safeParse(await savedCsvMapping(tx, { accountId: account.id }))
      if (!saved.success) continue
      try {
        return { parsed: await parseStatement(bytes, saved.data), accountId: account.id }
      } catch {
        // Not this account's columns.
      }
    }
    throw error
  }
}

type ChosenInput = {
  ledger: LedgerRef
  userId: string
  now: Date
  accounts: readonly Account[]
  asked: { value: boolean }
}

/** The answer to 'De qual conta é este extrato?': the preview moves there and asks 'confirmar'. */
export async function importOnChosenAccount(
  tx: pg.PoolClient,
  input: ChosenInput,
  decision: { import_id: number; account_id: number },
): Promise<string> {
  const summary = await moveImport(tx, {
    ledger: input.ledger,
    importId: decision.import_id,
    accountId: decision.account_id,
  })
  const name = input.accounts.find((a) => a.id === summary.account_id)?.name ?? ''
  const preview = texts.preview(summary, name)
  if (preview.asks) {
    await setPendingImport(tx, { userId: input.userId, importId: summary.id, now: input.now })
    input.asked.value = true
  }
  return preview.text
}

/** 'confirmar' after a preview: commits it (idempotent); 'não' leaves it unrecorded. */
export async function commitPendingImport(
  tx: pg.PoolClient,
  input: ChosenInput & { publicUrl: string },
  { importId, yes }: { importId: number; yes: boolean },
): Promise<string> {
  if (!yes) return texts.cancelled()
  // A full month refuses the whole commit and leaves the job's transaction usable for the reply.
  await tx.query('savepoint statement_import')
  try {
    const result = await commitImport(tx, {
      ledger: input.ledger,
      userId: input.userId,
      importId,
      source: 'whatsapp',
    })
    await tx.query('release savepoint statement_import')
    const { rows } = await tx.query<{ name: string }>(
      'select a.name from imports i join accounts a on a.id = i.account_id where i.id = $1',
      [importId],
    )
    return texts.committed(result, rows[0]?.name ?? '')
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error
    await tx.query('rollback to savepoint statement_import')
    return replies.limitReached({ max: error.limit, upgradeUrl: `${input.publicUrl}/dashboard` })
  }
}
