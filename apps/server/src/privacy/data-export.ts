import type pg from 'pg'
import { exportConnections } from '../integrations/index.ts'
import type { Db } from '../platform/index.ts'
import { ident, ledgerTables, personColumns } from './person-tables.ts'

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
  // Open Finance: institution, status and dates, never the aggregator's item id (records below).
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

/** Rows read from the database at a time: the most of one export held in memory. */
export const EXPORT_BATCH_ROWS = 500

function clean(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)))
}

/*
 * The document, written as it is read. A part is a value written whole (one row), rows read
 * through a cursor a batch at a time (an array), or members (an object) produced one after the
 * other, so a member may depend on one read before it.
 */
type Part =
  | { value: unknown }
  | { pages: AsyncIterable<Row[]> }
  | { members: AsyncIterable<[key: string, part: Part]> }

const pad = (depth: number) => '  '.repeat(depth)

/** JSON.stringify(value, null, 2) as it appears nested `depth` levels deep. */
function valueAt(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${pad(depth)}`)
}

/**
 * The text of `part` nested `depth` levels deep, byte for byte what JSON.stringify(whole, null,
 * 2) writes for it ('[]' and '{}' when empty), a chunk per batch of rows.
 */
async function* jsonText(part: Part, depth: number): AsyncGenerator<string> {
  if ('value' in part) {
    yield valueAt(part.value, depth)
    return
  }
  const inner = pad(depth + 1)
  let empty = true
  if ('pages' in part) {
    yield '['
    for await (const page of part.pages) {
      let text = ''
      for (const row of page) {
        text += `${empty ? '' : ','}\n${inner}${valueAt(row, depth + 1)}`
        empty = false
      }
      yield text
    }
    yield empty ? ']' : `\n${pad(depth)}]`
    return
  }
  yield '{'
  for await (const [key, member] of part.members) {
    yield `${empty ? '' : ','}\n${inner}${JSON.stringify(key)}: `
    empty = false
    yield* jsonText(member, depth + 1)
  }
  yield empty ? '}' : `\n${pad(depth)}}`
}

/**
 * Everything stored about one person (GET /api/me/export, LGPD art. 18 II and V), as one JSON
 * document — the /privacidade page documents it field by field — streamed: read in one
 * read-only snapshot (every section agrees with the others) through cursors, a batch of rows at
 * a time, and written as the client takes it. `chunks` holds the connection until it ends;
 * `close()` ends the snapshot and gives the connection back (call it once, after `chunks`).
 */
export async function openDataExport(
  db: Db,
  {
    userId,
    now = new Date(),
    batchRows = EXPORT_BATCH_ROWS,
  }: { userId: string; now?: Date; batchRows?: number },
): Promise<{ chunks: AsyncGenerator<string>; close(): Promise<void> }> {
  const client = await db.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    // Plan each cursor for reading all of it, as a plain query would (the same plans: the
    // same row order as the whole-document export had).
    await client.query('set local cursor_tuple_fraction = 1')
  } catch (error) {
    client.release(true)
    throw error
  }
  let closed = false
  return {
    chunks: jsonText({ members: exportMembers(client, { userId, now, batchRows }) }, 0),
    async close() {
      if (closed) return
      closed = true
      try {
        await client.query('rollback')
        client.release()
      } catch (error) {
        client.release(error instanceof Error ? error : true)
      }
    },
  }
}

/** The export's document, as JSON.parse gives it back (the summary page reads it). */
export type DataExport = {
  format: 'equilibrai.export.v1'
  generated_at: string
  account: Row | null
  login_methods: Row[]
  sessions: Row[]
  profile: Row | null
  subscription: Row | null
  ledger: Row | null
  whatsapp: { link: Row | null; messages_received: Row[]; messages_sent: Row[] }
  waitlist: Row[]
  /** Every other table that refers to the person or their ledger, by table name. */
  records: Record<string, Row[]>
}

/**
 * The whole export as one document, for the readable summary (GET /api/me/export/summary): the
 * same snapshot and text as the download, read to its end. It holds the document in memory, so
 * callers run it in the export lane, like the download.
 */
export async function readDataExport(db: Db, { userId }: { userId: string }): Promise<DataExport> {
  const source = await openDataExport(db, { userId })
  try {
    let text = ''
    for await (const chunk of source.chunks) text += chunk
    return JSON.parse(text) as DataExport
  } finally {
    await source.close()
  }
}

async function* exportMembers(
  client: pg.PoolClient,
  { userId, now, batchRows }: { userId: string; now: Date; batchRows: number },
): AsyncGenerator<[string, Part]> {
  let cursors = 0
  /** The rows of `sql` (a `row` column each), a batch at a time, through a cursor. */
  async function* pages(sql: string, params: unknown[]): AsyncGenerator<Row[]> {
    const name = `export_${++cursors}`
    await client.query(`declare ${name} no scroll cursor for ${sql}`, params)
    try {
      for (;;) {
        const { rows } = await client.query<{ row: Row }>(`fetch ${batchRows} from ${name}`)
        if (rows.length > 0) yield rows.map((r) => clean(r.row))
        if (rows.length < batchRows) return
      }
    } finally {
      await client.query(`close ${name}`).catch(() => {})
    }
  }
  const one = async (sql: string, params: unknown[] = [userId]) => {
    const { rows } = await client.query<{ row: Row }>(sql, params)
    return rows[0] ? clean(rows[0].row) : null
  }

  yield ['format', { value: 'equilibrai.export.v1' }]
  yield ['generated_at', { value: now.toISOString() }]
  const account = await one(
    `select jsonb_build_object('id', id, 'name', name, 'email', email,
       'email_verified', "emailVerified", 'image', image, 'role', role, 'banned', banned,
       'created_at', "createdAt", 'updated_at', "updatedAt") as row
       from "user" where id = $1`,
  )
  yield ['account', { value: account }]
  yield [
    'login_methods',
    {
      pages: pages(
        `select jsonb_build_object('provider', "providerId", 'provider_account_id', "accountId",
           'scope', scope, 'created_at', "createdAt", 'updated_at', "updatedAt") as row
           from "account" where "userId" = $1 order by "createdAt"`,
        [userId],
      ),
    },
  ]
  yield [
    'sessions',
    {
      pages: pages(
        `select jsonb_build_object('created_at', "createdAt", 'expires_at', "expiresAt",
           'ip_address', "ipAddress", 'user_agent', "userAgent") as row
           from "session" where "userId" = $1 order by "createdAt"`,
        [userId],
      ),
    },
  ]
  // search_text is the admin search's folded copy of name and e-mail.
  const profile = await one(
    `select to_jsonb(p) - 'search_text' as row from profiles p where id = $1`,
  )
  yield ['profile', { value: profile }]
  const subscription = await one(
    `select to_jsonb(s) || jsonb_build_object('plan_name', f.name) as row
       from subscribers s join plan_features f using (plan_type) where s.user_id = $1`,
  )
  yield ['subscription', { value: subscription }]
  const ledger = await one('select to_jsonb(l) as row from ledgers l where owner_user_id = $1')
  yield ['ledger', { value: ledger }]
  const link = await one('select to_jsonb(w) as row from whatsapp_links w where user_id = $1')
  yield [
    'whatsapp',
    {
      members: (async function* (): AsyncGenerator<[string, Part]> {
        yield ['link', { value: link }]
        yield [
          'messages_received',
          {
            pages: pages(
              `select to_jsonb(i) - 'attempts' - 'last_error' as row from whatsapp_inbound i
                where user_id = $1 order by id`,
              [userId],
            ),
          },
        ]
        yield [
          'messages_sent',
          {
            pages: pages(
              `select to_jsonb(o) - 'idempotency_key' - 'attempts' - 'attempt_started_at'
                      - 'next_attempt_at' - 'not_before' as row
                 from whatsapp_outbound o where user_id = $1 order by id`,
              [userId],
            ),
          },
        ]
      })(),
    },
  ]
  const email = typeof account?.email === 'string' ? account.email : ''
  yield [
    'waitlist',
    {
      pages: pages(
        'select to_jsonb(u) as row from usuarios u where lower(email) = lower($1) order by id',
        [email],
      ),
    },
  ]

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
  for (const { table, column } of await personColumns(client)) add(table, column, userId)
  if (ledger?.id !== undefined && ledger.id !== null) {
    for (const table of await ledgerTables(client)) add(table, 'ledger_id', ledger.id)
  }
  yield [
    'records',
    {
      members: (async function* (): AsyncGenerator<[string, Part]> {
        for (const [table, pairs] of [...conditions].sort(([a], [b]) => a.localeCompare(b))) {
          const where = pairs.map(([column], i) => `${ident(column)} = $${i + 1}`).join(' or ')
          yield [
            table,
            {
              pages: pages(
                `select to_jsonb(t) as row from ${ident(table)} t where ${where}`,
                pairs.map(([, value]) => value),
              ),
            },
          ]
        }
        // Open Finance: institution, status and dates, never the aggregator's item id.
        yield ['bank_connections', { value: await exportConnections(client, { userId }) }]
        for (const [table, column, fields] of actorViews) {
          const found = pages(
            `select to_jsonb(t) as row from ${ident(table)} t where ${ident(column)} = $1
              order by 1`,
            [userId],
          )
          yield [
            `${table}.${column}`,
            {
              pages: (async function* () {
                for await (const page of found) {
                  yield page.map((row) =>
                    Object.fromEntries(fields.map((field) => [field, row[field] ?? null])),
                  )
                }
              })(),
            },
          ]
        }
      })(),
    },
  ]
}
