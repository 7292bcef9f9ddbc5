import { exportConnections } from '../src/integrations/index.ts'
import type { Queryable } from '../src/platform/index.ts'
import type { DataExport } from '../src/privacy/data-export.ts'
import { ident, ledgerTables, personColumns } from '../src/privacy/person-tables.ts'

/*
 * The LGPD export as it was built before it was streamed (issue 25): the whole document in
 * memory, then JSON.stringify(document, null, 2). Kept here, unchanged, as the reference the
 * streamed export (src/privacy/data-export.ts) must equal byte for byte.
 */

type Row = Record<string, unknown>

/** Credentials are never exported: a copy of the file must not let anyone sign in. */
const SECRET_COLUMN = /password|token|secret|hash/i

/** Tables given their own section below; every other table is found in the catalogue. */
const CURATED = new Set([
  'user',
  'account',
  'session',
  'verification',
  'profiles',
  'subscribers',
  'ledgers',
  'whatsapp_links',
  'whatsapp_inbound',
  'whatsapp_outbound',
  'usuarios',
  'bank_connections',
])

/**
 * Rows of someone else's that name the person only as who acted on them: an admin's answer to
 * another customer's support request, an account manager an admin set. Exported as what the
 * person wrote or did (these fields, under `<table>.<column>` in records), never the other
 * customer's data (issue 25).
 */
const ACTOR_VIEWS: Record<string, Record<string, readonly string[]>> = {
  support_requests: { answered_by: ['id', 'answer', 'answered_at'] },
  account_managers: { updated_by: ['updated_at'] },
}

function clean(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)))
}

async function rows(db: Queryable, sql: string, params: unknown[]): Promise<Row[]> {
  const result = await db.query<{ row: Row }>(sql, params)
  return result.rows.map((r) => clean(r.row))
}

/**
 * Everything stored about one person (GET /api/me/export, LGPD art. 18 II and V), as one JSON
 * document. The /privacidade page documents it field by field.
 */
export async function buildDataExport(
  db: Queryable,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<DataExport> {
  const one = async (sql: string) => (await rows(db, sql, [userId]))[0] ?? null
  const account = await one(
    `select jsonb_build_object('id', id, 'name', name, 'email', email,
       'email_verified', "emailVerified", 'image', image, 'role', role, 'banned', banned,
       'created_at', "createdAt", 'updated_at', "updatedAt") as row
       from "user" where id = $1`,
  )
  const loginMethods = await rows(
    db,
    `select jsonb_build_object('provider', "providerId", 'provider_account_id', "accountId",
       'scope', scope, 'created_at', "createdAt", 'updated_at', "updatedAt") as row
       from "account" where "userId" = $1 order by "createdAt"`,
    [userId],
  )
  const sessions = await rows(
    db,
    `select jsonb_build_object('created_at', "createdAt", 'expires_at', "expiresAt",
       'ip_address', "ipAddress", 'user_agent', "userAgent") as row
       from "session" where "userId" = $1 order by "createdAt"`,
    [userId],
  )
  const profile = await one(
    // search_text is the admin search's folded copy of name and e-mail.
    `select to_jsonb(p) - 'search_text' as row from profiles p where id = $1`,
  )
  const subscription = await one(
    `select to_jsonb(s) || jsonb_build_object('plan_name', f.name) as row
       from subscribers s join plan_features f using (plan_type) where s.user_id = $1`,
  )
  const ledger = await one('select to_jsonb(l) as row from ledgers l where owner_user_id = $1')
  const link = await one('select to_jsonb(w) as row from whatsapp_links w where user_id = $1')
  const received = await rows(
    db,
    `select to_jsonb(i) - 'attempts' - 'last_error' as row from whatsapp_inbound i
      where user_id = $1 order by id`,
    [userId],
  )
  const sent = await rows(
    db,
    `select to_jsonb(o) - 'idempotency_key' - 'attempts' - 'attempt_started_at'
            - 'next_attempt_at' - 'not_before' as row
       from whatsapp_outbound o where user_id = $1 order by id`,
    [userId],
  )
  const email = typeof account?.email === 'string' ? account.email : ''
  const waitlist = await rows(
    db,
    'select to_jsonb(u) as row from usuarios u where lower(email) = lower($1) order by id',
    [email],
  )

  // Every other table, found in the catalogue: rows naming the person, or in their ledger.
  const conditions = new Map<string, Array<[column: string, value: unknown]>>()
  const actorViews: Array<[table: string, column: string, fields: readonly string[]]> = []
  const add = (table: string, column: string, value: unknown) => {
    if (CURATED.has(table)) return
    const fields = ACTOR_VIEWS[table]?.[column]
    if (fields) {
      actorViews.push([table, column, fields])
      return
    }
    conditions.set(table, [...(conditions.get(table) ?? []), [column, value]])
  }
  for (const { table, column } of await personColumns(db)) add(table, column, userId)
  if (ledger?.id !== undefined && ledger.id !== null) {
    for (const table of await ledgerTables(db)) add(table, 'ledger_id', ledger.id)
  }
  const records: Record<string, Row[]> = {}
  for (const [table, pairs] of [...conditions].sort(([a], [b]) => a.localeCompare(b))) {
    const where = pairs.map(([column], i) => `${ident(column)} = $${i + 1}`).join(' or ')
    records[table] = await rows(
      db,
      `select to_jsonb(t) as row from ${ident(table)} t where ${where}`,
      pairs.map(([, value]) => value),
    )
  }

  records.bank_connections = await exportConnections(db, { userId })

  for (const [table, column, fields] of actorViews) {
    const found = await rows(
      db,
      `select to_jsonb(t) as row from ${ident(table)} t where ${ident(column)} = $1
        order by 1`,
      [userId],
    )
    records[`${table}.${column}`] = found.map((row) =>
      Object.fromEntries(fields.map((field) => [field, row[field] ?? null])),
    )
  }

  return {
    format: 'equilibrai.export.v1',
    generated_at: now.toISOString(),
    account,
    login_methods: loginMethods,
    sessions,
    profile,
    subscription,
    ledger,
    whatsapp: { link, messages_received: received, messages_sent: sent },
    waitlist,
    records,
  }
}
