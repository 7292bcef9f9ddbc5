import { categorize } from '@equilibrai/assistant'
import { type Category, MAX_ACCOUNTS, saoPauloDate } from '@equilibrai/shared'
import {
  type BankEntry,
  cleanDescription,
  createAccount,
  deleteBankEntries,
  defaultAccount,
  getAccount,
  insertBankEntries,
  learnedWords,
  listAccounts,
  markBankSeen,
  matchRows,
  recordTransfer,
  removeTransfer,
  typedEntries,
  unmarkBankSeen,
  updateAccount,
  updateBankEntries,
} from '../../ledger/index.ts'
import {
  type Db,
  type Env,
  type Logger,
  type Queryable,
  withTransaction,
} from '../../platform/index.ts'
import {
  type Aggregator,
  AggregatorError,
  type RemoteAccount,
  type RemoteTransaction,
} from './aggregator.ts'
import { aggregatorFor } from './aggregator-registry.ts'
import { enterState, noteConsent, statusOfItem } from './connection-state.ts'
import {
  addHints,
  type ConnectionRow,
  clearHints,
  connectionAccounts,
  connectionById,
  deleteSyncedRows,
  insertSyncedRows,
  markAccountBalanced,
  mapConnectionAccount,
  pendingHints,
  type SyncedRow,
  syncedRows,
} from './connections.queries.ts'

/*
 * Reading a connection from the aggregator into the books (ARCHITECTURE §11). Each page of
 * transactions is applied in one database transaction that first locks the connection, and
 * every aggregator id is remembered with what it became: a sync repeated, run twice at once or
 * killed half-way records nothing twice. Transactions are read by creation date at the
 * aggregator (`read_from`, advanced only when a sync finishes), all pages, a year back the
 * first time (§11 asks for at least 90 days); PENDING ones wait as hints until POSTED.
 */

export const PAGE_SIZE = 500
const FIRST_SYNC_DAYS = 365
const DAY_MS = 86_400_000

export type SyncOutcome =
  | { kind: 'done' }
  /** The aggregator is still updating the item: look again later. */
  | { kind: 'wait' }
  /** 429/5xx/network: try again later (the job's backoff). */
  | { kind: 'retry'; error: AggregatorError }

type Ctx = { db: Db; env: Env; log: Logger }

type Plan =
  | { kind: 'entry'; entry: BankEntry }
  | { kind: 'transfer'; from: number; to: number }
  | { kind: 'skip' }

type PageMemo = { mainId?: number; learned?: Record<string, Category> }

type AccountSide = {
  remote: RemoteAccount
  accountId: number
}

/** One sync of a connection: status, accounts, new transactions, webhook hints, balances. */
export async function syncConnection(
  ctx: Ctx,
  connectionId: number,
  now = new Date(),
): Promise<SyncOutcome> {
  const { db, env } = ctx
  const conn = await connectionById(db, { connectionId })
  if (!conn) return { kind: 'done' }
  const aggregator = await aggregatorFor(env)
  try {
    const item = await aggregator.item(conn.item_id)
    // An ended consent: nothing more is read until the person reconnects (or renews it).
    const ended = await withTransaction(db, async (tx) => {
      const fresh = await connectionById(tx, { connectionId, forUpdate: true })
      return fresh ? noteConsent(tx, env, fresh, item.consentExpiresAt, now) : false
    })
    if (ended) return { kind: 'done' }
    const early = statusOfItem(item)
    if (early) {
      await withTransaction(db, async (tx) => {
        const fresh = await connectionById(tx, { connectionId, forUpdate: true })
        if (fresh) await enterState(tx, env, fresh, { ...early, mfaLabel: item.mfaLabel })
      })
      return early.status === 'syncing' ? { kind: 'wait' } : { kind: 'done' }
    }
    const started = new Date().toISOString()
    await readEverything(ctx, aggregator, conn)
    const outdated = item.status === 'OUTDATED'
    await withTransaction(db, async (tx) => {
      const fresh = await connectionById(tx, { connectionId, forUpdate: true })
      if (!fresh) return
      await enterState(tx, env, fresh, {
        status: outdated ? 'outdated' : 'ok',
        error: outdated
          ? 'O banco não respondeu à última atualização; mostramos o que foi lido até agora.'
          : null,
        mfaLabel: null,
        synced: true,
        readFrom: started,
      })
    })
    return { kind: 'done' }
  } catch (error) {
    if (error instanceof AggregatorError && error.retryable) return { kind: 'retry', error }
    throw error
  }
}

/** The sync gave up on 429/5xx after its retries: outdated, and why (a partial read). */
export async function giveUp(ctx: Ctx, connectionId: number, error: AggregatorError) {
  await withTransaction(ctx.db, async (tx) => {
    const fresh = await connectionById(tx, { connectionId, forUpdate: true })
    if (!fresh) return
    await enterState(tx, ctx.env, fresh, {
      status: 'outdated',
      error: `Leitura parcial: o agregador falhou (${error.status ?? 'rede'}) e desistimos depois de várias tentativas; o que foi lido está nos lançamentos.`,
    })
  })
}

/**
 * Reads accounts, new transactions and hints. PENDING ones are remembered as hints, re-read by
 * id on each sync until POSTED (or gone), so the creation-date cursor never has to wait for them.
 */
async function readEverything(ctx: Ctx, aggregator: Aggregator, conn: ConnectionRow) {
  const remoteAccounts = await aggregator.accounts(conn.item_id)
  // Read once per sync, not per page: the default account and the ledger's taught words.
  const memo: PageMemo = {}
  const sides = await ensureAccounts(ctx.db, conn, remoteAccounts)
  const today = saoPauloDate(new Date())
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - FIRST_SYNC_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10)
  for (const side of sides.values()) {
    for (let page = 1; ; page++) {
      const res = await aggregator.transactions(side.remote.id, {
        page,
        pageSize: PAGE_SIZE,
        ...(conn.read_from ? { createdAtFrom: conn.read_from } : { from }),
      })
      const pending = res.results.filter((t) => !t.posted).map((t) => t.id)
      if (pending.length > 0) {
        await addHints(ctx.db, {
          connectionId: conn.id,
          remoteAccountId: side.remote.id,
          remoteIds: pending,
        })
      }
      await applyPage(ctx, conn, sides, res.results, false, memo)
      if (page >= res.totalPages) break
    }
  }
  await applyHints(ctx, aggregator, conn, sides, memo)
  await balanceNewAccounts(ctx.db, conn, sides)
}

const kindOf = (a: RemoteAccount) =>
  a.type === 'CREDIT' ? 'credit_card' : /SAVINGS/.test(a.subtype) ? 'savings' : 'checking'

/** Each bank account and card becomes (once) an account of ours. */
async function ensureAccounts(db: Db, conn: ConnectionRow, remote: readonly RemoteAccount[]) {
  return withTransaction(db, async (tx) => {
    await connectionById(tx, { connectionId: conn.id, forUpdate: true })
    const mapped = await connectionAccounts(tx, { connectionId: conn.id })
    const existing = await listAccounts(tx, { ledgerId: conn.ledger_id })
    const names = new Set(existing.map((a) => a.name.toLowerCase()))
    const sides = new Map<string, AccountSide>()
    for (const r of remote) {
      const known = mapped.get(r.id)
      if (known) {
        sides.set(r.id, { remote: r, accountId: known.accountId })
        continue
      }
      if (existing.length + sides.size >= MAX_ACCOUNTS) break
      let name = r.name.trim().slice(0, 60) || 'Conta do banco'
      for (let n = 2; names.has(name.toLowerCase()); n++) name = `${r.name.slice(0, 54)} (${n})`
      names.add(name.toLowerCase())
      const kind = kindOf(r)
      const account = await createAccount(tx, {
        ledgerId: conn.ledger_id,
        input: {
          name,
          kind,
          opening_balance_cents: 0,
          ...(kind === 'credit_card'
            ? {
                // A card without the bank's dates still needs them (§9): 1st and 10th, editable.
                closing_day: r.card?.closingDay ?? 1,
                due_day: r.card?.dueDay ?? 10,
                ...(r.card?.limitCents != null ? { limit_cents: r.card.limitCents } : {}),
                ...(r.lastDigits ? { last_digits: r.lastDigits } : {}),
              }
            : {}),
        },
      })
      await mapConnectionAccount(tx, {
        connectionId: conn.id,
        remoteId: r.id,
        accountId: account.id,
      })
      sides.set(r.id, { remote: r, accountId: account.id })
    }
    return sides
  })
}

/** What a posted transaction becomes on its account (§9, §11). */
function plan(
  t: RemoteTransaction,
  side: AccountSide,
  sides: ReadonlyMap<string, AccountSide>,
  mainAccountId: number,
  learned: Record<string, Category>,
): Plan {
  const isCard = side.remote.type === 'CREDIT'
  const description = cleanDescription(t.description)
  const entry = (type: 'income' | 'expense'): Plan => ({
    kind: 'entry',
    entry: {
      type,
      amount_cents: t.amountCents,
      description,
      category: categorize(description, type, learned),
      occurred_on: t.date,
      account_id: side.accountId,
    },
  })
  if (t.amountCents === 0) return { kind: 'skip' }
  if (isCard) {
    if (t.direction === 'DEBIT') return entry('expense')
    if (!t.billPayment) return entry('income') // a refund or cashback
    const bank = [...sides.values()].find((s) => s.remote.type === 'BANK')
    const from = bank?.accountId ?? mainAccountId
    return from === side.accountId
      ? entry('income')
      : { kind: 'transfer', from, to: side.accountId }
  }
  if (t.direction === 'CREDIT') return entry('income')
  if (t.billPayment) {
    // The same payment arrives on this connection's card as a credit, recorded there (above).
    if ([...sides.values()].some((s) => s.remote.type === 'CREDIT')) return { kind: 'skip' }
  }
  return entry('expense')
}

/**
 * Applies transactions of one page: new posted ones recorded (or linked to a typed entry they
 * match), the ones already seen left alone unless `refresh` (webhook hints) says they changed.
 */
async function applyPage(
  ctx: Ctx,
  conn: ConnectionRow,
  sides: ReadonlyMap<string, AccountSide>,
  page: readonly RemoteTransaction[],
  refresh: boolean,
  memo: PageMemo,
) {
  const posted = page.filter((t) => t.posted && sides.has(t.accountId))
  if (posted.length === 0) return
  await withTransaction(ctx.db, async (tx) => {
    const locked = await connectionById(tx, { connectionId: conn.id, forUpdate: true })
    if (!locked) return
    const seen = await syncedRows(tx, { connectionId: conn.id, remoteIds: posted.map((t) => t.id) })
    memo.mainId ??= (await defaultAccount(tx, { ledgerId: conn.ledger_id })).id
    memo.learned ??= (await learnedWords(tx, { ledgerId: conn.ledger_id })) as Record<
      string,
      Category
    >
    const main = { id: memo.mainId }
    const learned = memo.learned
    const fresh: { t: RemoteTransaction; plan: Plan }[] = []
    const changes: Parameters<typeof updateBankEntries>[1]['changes'][number][] = []
    for (const t of posted) {
      const side = sides.get(t.accountId) as AccountSide
      const p = plan(t, side, sides, main.id, learned)
      const before = seen.get(t.id)
      if (!before) fresh.push({ t, plan: p })
      // A transaction the bank changed: the entry we created follows it; a typed one is left.
      else if (refresh && before.created && before.transaction_id !== null && p.kind === 'entry') {
        changes.push({ transactionId: before.transaction_id, entry: p.entry })
      }
    }
    await updateBankEntries(tx, { ledgerId: conn.ledger_id, changes })
    await recordFresh(tx, conn, main.id, fresh)
  })
}

async function recordFresh(
  tx: Queryable,
  conn: ConnectionRow,
  mainAccountId: number,
  fresh: readonly { t: RemoteTransaction; plan: Plan }[],
) {
  const rows: SyncedRow[] = []
  const entries = fresh.filter(
    (x): x is { t: RemoteTransaction; plan: Extract<Plan, { kind: 'entry' }> } =>
      x.plan.kind === 'entry',
  )
  // Matching (§10's rules): typed entries on the same account or the default one.
  const matches = new Map<number, number>()
  if (entries.length > 0) {
    const dates = entries.map((x) => x.t.date).sort()
    const accountIds = [...new Set([mainAccountId, ...entries.map((x) => x.plan.entry.account_id)])]
    const typed = await typedEntries(tx, {
      ledgerId: conn.ledger_id,
      accountIds,
      from: dates[0] as string,
      to: dates[dates.length - 1] as string,
    })
    if (typed.length > 0) {
      const found = matchRows(
        entries.map((x, i) => ({
          ord: i,
          date: x.plan.entry.occurred_on,
          amount_cents: x.plan.entry.amount_cents,
          type: x.plan.entry.type,
          description: x.plan.entry.description,
        })),
        typed,
      )
      const linked = await markBankSeen(tx, {
        ledgerId: conn.ledger_id,
        ids: [...found.values()].map((m) => m.transactionId),
      })
      for (const [ord, m] of found)
        if (linked.has(m.transactionId)) matches.set(ord, m.transactionId)
    }
  }
  const toInsert = entries.filter((_, i) => !matches.has(i))
  const ids = await insertBankEntries(tx, {
    ledgerId: conn.ledger_id,
    createdBy: conn.created_by,
    source: 'web',
    entries: toInsert.map((x) => x.plan.entry),
  })
  const newId = new Map(toInsert.map((x, i) => [x.t.id, ids[i] ?? null]))
  entries.forEach((x, i) => {
    const typedId = matches.get(i)
    rows.push({
      remote_id: x.t.id,
      remote_account_id: x.t.accountId,
      transaction_id: typedId ?? newId.get(x.t.id) ?? null,
      transfer_id: null,
      created: typedId === undefined,
    })
  })
  for (const x of fresh) {
    if (x.plan.kind === 'entry') continue
    let transferId: number | null = null
    if (x.plan.kind === 'transfer') {
      const t = await recordTransfer(tx, {
        ledgerId: conn.ledger_id,
        createdBy: conn.created_by,
        transfer: {
          from_account_id: x.plan.from,
          to_account_id: x.plan.to,
          amount_cents: x.t.amountCents,
          occurred_on: x.t.date,
          description: cleanDescription(x.t.description),
        },
        source: 'web',
        allowArchivedDestination: true,
      })
      transferId = t.id
    }
    rows.push({
      remote_id: x.t.id,
      remote_account_id: x.t.accountId,
      transaction_id: null,
      transfer_id: transferId,
      created: true,
    })
  }
  await insertSyncedRows(tx, conn.id, rows)
}

/** Webhook hints: changed transactions re-read; the ones the aggregator no longer has, removed. */
async function applyHints(
  ctx: Ctx,
  aggregator: Aggregator,
  conn: ConnectionRow,
  sides: ReadonlyMap<string, AccountSide>,
  memo: PageMemo,
) {
  const hints = await pendingHints(ctx.db, { connectionId: conn.id })
  if (hints.length === 0) return
  const byAccount = new Map<string, string[]>()
  for (const h of hints)
    byAccount.set(h.remote_account_id, [...(byAccount.get(h.remote_account_id) ?? []), h.remote_id])
  for (const [accountId, ids] of byAccount) {
    const found: RemoteTransaction[] = []
    if (sides.has(accountId)) {
      for (let i = 0; i < ids.length; i += 100) {
        const chunk = ids.slice(i, i + 100)
        for (let page = 1; ; page++) {
          const res = await aggregator.transactions(accountId, {
            ids: chunk,
            page,
            pageSize: PAGE_SIZE,
          })
          found.push(...res.results)
          if (page >= res.totalPages) break
        }
      }
    }
    await applyPage(ctx, conn, sides, found, true, memo)
    const present = new Set(found.map((t) => t.id))
    const gone = ids.filter((id) => !present.has(id))
    await withTransaction(ctx.db, async (tx) => {
      await connectionById(tx, { connectionId: conn.id, forUpdate: true })
      await removeSynced(tx, conn, gone)
      // A transaction that went back to PENDING is removed too; it returns when POSTED (its
      // hint stays until then).
      const pending = new Set(found.filter((t) => !t.posted).map((t) => t.id))
      await removeSynced(tx, conn, [...pending])
      await clearHints(tx, {
        connectionId: conn.id,
        hints: hints.filter((h) => h.remote_account_id === accountId && !pending.has(h.remote_id)),
      })
    })
  }
}

/** Deletes what these aggregator transactions became (entries it created; links to typed ones). */
async function removeSynced(tx: Queryable, conn: ConnectionRow, remoteIds: readonly string[]) {
  if (remoteIds.length === 0) return
  const rows = [...(await syncedRows(tx, { connectionId: conn.id, remoteIds })).values()]
  const ledgerId = conn.ledger_id
  await deleteBankEntries(tx, {
    ledgerId,
    ids: rows.flatMap((r) => (r.created && r.transaction_id ? [r.transaction_id] : [])),
  })
  await unmarkBankSeen(tx, {
    ledgerId,
    ids: rows.flatMap((r) => (!r.created && r.transaction_id ? [r.transaction_id] : [])),
  })
  for (const r of rows) {
    if (r.transfer_id)
      await removeTransfer(tx, { ledgerId, transferId: r.transfer_id }).catch(() => {})
  }
  await deleteSyncedRows(tx, { connectionId: conn.id, remoteIds })
}

const OPENING_LIMIT = 100_000_000_000

/** After an account's first sync, its opening balance makes our balance the bank's. */
async function balanceNewAccounts(
  db: Db,
  conn: ConnectionRow,
  sides: ReadonlyMap<string, AccountSide>,
) {
  await withTransaction(db, async (tx) => {
    await connectionById(tx, { connectionId: conn.id, forUpdate: true })
    const mapped = await connectionAccounts(tx, { connectionId: conn.id })
    for (const side of sides.values()) {
      if (mapped.get(side.remote.id)?.balanced !== false) continue
      const account = await getAccount(tx, { ledgerId: conn.ledger_id, accountId: side.accountId })
      if (!account) continue
      // A card's balance is minus what is owed (§9); the bank says what is owed.
      const target =
        side.remote.type === 'CREDIT' ? -side.remote.balanceCents : side.remote.balanceCents
      const movement = account.balance_cents - account.opening_balance_cents
      const opening = Math.max(-OPENING_LIMIT, Math.min(OPENING_LIMIT, target - movement))
      await updateAccount(tx, {
        ledgerId: conn.ledger_id,
        accountId: side.accountId,
        patch: { opening_balance_cents: opening },
      })
      await markAccountBalanced(tx, { connectionId: conn.id, remoteId: side.remote.id })
    }
  })
}
