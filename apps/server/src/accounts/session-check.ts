import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../platform/index.ts'
import type { Auth, AuthSession } from './auth.ts'

/*
 * The per-request session check of requireUser without Better Auth's endpoint machinery (issue
 * 27: its context, tracer spans, adapter transforms and the cookie's HMAC through WebCrypto were
 * the top of the server's profile). It does what Better Auth's get-session does in the common
 * case, and nothing less: the signed cookie verified (HMAC-SHA256 with the auth secret, compared
 * in constant time), the session row and its user read on every request in one statement, the
 * expiry checked against the row. Every other case answers `null` and requireUser asks Better
 * Auth itself: no or a badly signed cookie, an unknown or expired session (Better Auth clears
 * the cookie and deletes the row), a session due to slide (past updateAge: Better Auth writes
 * the new expiry and sends the cookie), a leftover cookie-cache cookie (Better Auth clears it).
 * What is read is the schema Better Auth itself reads (its tables' fields, plugins' included),
 * with the fields it never returns left out, so the user and session are the same objects.
 *
 * A caller may fold a read of its own about the user into that statement (`SessionExtra`: a
 * lateral subquery on the user id, e.g. tenancy's ledger of the user), read just as fresh.
 */

/** SQL of a subquery on the user (`user` names the user id), read with the session. */
export type SessionExtra = { sql: (user: string) => string }

type Field = { key: string; column: string }
type Plan = {
  secret: string
  sessionCookie: string
  dontRememberCookie: string
  sessionDataCookie: string
  sql: string
  withExtra: WeakMap<SessionExtra, string>
  session: Field[]
  user: Field[]
  expiresInMs: number
  updateAgeMs: number
}

const plans = new WeakMap<Auth, Promise<Plan>>()

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

type Table = {
  modelName: string
  fields: Record<string, { fieldName?: string; returned?: boolean }>
}

function outputFields(table: Table): Field[] {
  const fields = Object.entries(table.fields)
    .filter(([, f]) => f.returned !== false)
    .map(([key, f]) => ({ key, column: f.fieldName ?? key }))
  // Better Auth's adapter puts the id after the schema's fields.
  return [...fields.filter((f) => f.key !== 'id'), { key: 'id', column: 'id' }]
}

async function planFor(auth: Auth): Promise<Plan> {
  const ctx = await auth.$context
  const tables = ctx.tables as unknown as Record<'session' | 'user', Table>
  const session = outputFields(tables.session)
  const user = outputFields(tables.user)
  const userIdColumn = tables.session.fields.userId?.fieldName ?? 'userId'
  const tokenColumn = tables.session.fields.token?.fieldName ?? 'token'
  const columns = [
    ...session.map((f, i) => `s.${quote(f.column)} as s${i}`),
    ...user.map((f, i) => `u.${quote(f.column)} as u${i}`),
  ]
  return {
    secret: ctx.secret,
    sessionCookie: ctx.authCookies.sessionToken.name,
    dontRememberCookie: ctx.authCookies.dontRememberToken.name,
    sessionDataCookie: ctx.authCookies.sessionData.name,
    sql: `select ${columns.join(', ')}, x.*
            from ${quote(tables.session.modelName)} s
            join ${quote(tables.user.modelName)} u on u.id = s.${quote(userIdColumn)}
            <extra>
           where s.${quote(tokenColumn)} = $1`,
    withExtra: new WeakMap(),
    session,
    user,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }
}

/** A cookie's value as better-call reads it: the first of that name, unquoted, URL-decoded. */
export function readCookie(header: string, name: string): string | null {
  let index = 0
  while (index < header.length) {
    const eq = header.indexOf('=', index)
    if (eq === -1) break
    let end = header.indexOf(';', index)
    if (end === -1) end = header.length
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1
      continue
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim()
      if (value.codePointAt(0) === 34) value = value.slice(1, -1)
      try {
        return value.includes('%') ? decodeURIComponent(value) : value
      } catch {
        return value
      }
    }
    index = end + 1
  }
  return null
}

/** The signed value of `token.signature` (better-call's format), or null if the signature fails. */
export function verifiedValue(signed: string | null, secret: string): string | null {
  if (!signed) return null
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const value = signed.slice(0, dot)
  const signature = signed.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const expected = createHmac('sha256', secret).update(value).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null
}

function sqlFor(plan: Plan, extra: SessionExtra | undefined): string {
  if (!extra) return plan.sql.replace('<extra>', 'cross join (select) x')
  let sql = plan.withExtra.get(extra)
  if (!sql) {
    sql = plan.sql.replace('<extra>', `left join lateral (${extra.sql('u.id')}) x on true`)
    plan.withExtra.set(extra, sql)
  }
  return sql
}

function pick(row: Record<string, unknown>, prefix: string, fields: Field[]) {
  return Object.fromEntries(fields.map((f, i) => [f.key, row[`${prefix}${i}`]]))
}

/**
 * The request's session and user when the common case holds (see above); null when Better Auth
 * must decide (and possibly write or clear cookies).
 */
export async function quickSession(
  { auth, db }: { auth: Auth; db: Db },
  headers: Headers,
  extra?: SessionExtra,
): Promise<(AuthSession & { extra: Record<string, unknown> }) | null> {
  const cookies = headers.get('cookie')
  if (!cookies) return null
  let planned = plans.get(auth)
  if (!planned) {
    planned = planFor(auth)
    plans.set(auth, planned)
  }
  const plan = await planned
  if (readCookie(cookies, plan.sessionDataCookie) !== null) return null
  const token = verifiedValue(readCookie(cookies, plan.sessionCookie), plan.secret)
  if (!token) return null
  const dontRememberRaw = readCookie(cookies, plan.dontRememberCookie)
  const dontRemember = verifiedValue(dontRememberRaw, plan.secret) !== null
  if (dontRememberRaw !== null && !dontRemember) return null
  const { rows } = await db.query<Record<string, unknown>>(sqlFor(plan, extra), [token])
  const row = rows[0]
  if (!row) return null
  const session = pick(row, 's', plan.session) as AuthSession['session']
  const expiresAt = session.expiresAt instanceof Date ? session.expiresAt.getTime() : Number.NaN
  const now = Date.now()
  if (!(expiresAt >= now)) return null
  if (!dontRemember && expiresAt - plan.expiresInMs + plan.updateAgeMs <= now) return null
  const user = pick(row, 'u', plan.user) as AuthSession['user']
  const own = Object.fromEntries(Object.entries(row).filter(([k]) => !/^[su]\d+$/.test(k)))
  return { session, user, extra: own }
}
