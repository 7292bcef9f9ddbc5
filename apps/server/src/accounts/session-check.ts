import type { Db } from '../platform/index.ts'
import type { Auth, AuthSession } from './auth.ts'
import { VerifiedValues, readCookie } from './signed-cookie.ts'

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
 *
 * The statement lists every column it returns (no `x.*`), so platform/db prepares it once per
 * connection like the other statements (prepared-statements.ts never names a star): PostgreSQL
 * no longer parses and plans it on every request (ADR 037, 2026-11-26 late).
 *
 * A cookie whose signature was verified is remembered (signed-cookie.ts: only the signature,
 * never the session, which is read and checked on every request as above).
 */

/**
 * A subquery on the user (`user` names the user id), read with the session, and the columns of
 * its one row (listed, so that the statement can be prepared).
 */
export type SessionExtra = { columns: readonly string[]; sql: (user: string) => string }

type Field = { key: string; column: string }
type Plan = {
  sessionCookie: string
  dontRememberCookie: string
  sessionDataCookie: string
  /** The statement with `<extra columns>` and `<extra>` to fill; `sql` is it without extra. */
  template: string
  sql: string
  withExtra: WeakMap<SessionExtra, string>
  verified: VerifiedValues
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
  const template = `select ${columns.join(', ')}<extra columns>
            from ${quote(tables.session.modelName)} s
            join ${quote(tables.user.modelName)} u on u.id = s.${quote(userIdColumn)}
            <extra>
           where s.${quote(tokenColumn)} = $1`
  return {
    sessionCookie: ctx.authCookies.sessionToken.name,
    dontRememberCookie: ctx.authCookies.dontRememberToken.name,
    sessionDataCookie: ctx.authCookies.sessionData.name,
    template,
    sql: template.replace('<extra columns>', '').replace('<extra>', ''),
    withExtra: new WeakMap(),
    verified: new VerifiedValues(ctx.secret),
    session,
    user,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }
}

const extraAlias = (i: number) => `x${i}`

function sqlFor(plan: Plan, extra: SessionExtra | undefined): string {
  if (!extra) return plan.sql
  let sql = plan.withExtra.get(extra)
  if (!sql) {
    const columns = extra.columns.map((c, i) => `, x.${quote(c)} as ${extraAlias(i)}`).join('')
    sql = plan.template
      .replace('<extra columns>', columns)
      .replace('<extra>', `left join lateral (${extra.sql('u.id')}) x on true`)
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
  const token = plan.verified.of(readCookie(cookies, plan.sessionCookie))
  if (!token) return null
  const dontRememberRaw = readCookie(cookies, plan.dontRememberCookie)
  const dontRemember = plan.verified.of(dontRememberRaw) !== null
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
  const own = Object.fromEntries((extra?.columns ?? []).map((c, i) => [c, row[extraAlias(i)]]))
  return { session, user, extra: own }
}
