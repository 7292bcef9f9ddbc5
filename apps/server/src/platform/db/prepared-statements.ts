import { createHash } from 'node:crypto'
import pg from 'pg'

/*
 * Every parametrized statement is prepared once per connection and then only bound and run
 * (ADR 024, 2026-11-26): PostgreSQL parses and plans it on the first use, and after five runs
 * keeps one generic plan when that costs no more than a fresh plan each time (plan_cache_mode
 * auto). The message path's statements are CTEs over several tables whose planning cost more
 * than running them: measured with pg_stat_statements over the WhatsApp bench, planning was a
 * third of the database's time per message.
 *
 * A statement's name is its text's hash, so the same text is the same prepared statement on a
 * connection. Texts without values (DDL, BEGIN, several statements in one string) go as before,
 * and so does a text built with literal values in it once this process has named NAMES_LIMIT
 * texts (the server's SQL is written as constants, so that limit is a guard, not a budget).
 *
 * A text whose result columns come from a star ('select *', 'returning *', 'o.*') is never
 * named: PostgreSQL refuses to run a prepared statement whose result type changed ("cached plan
 * must not change result type"), and during a rolling deploy an instance still running the old
 * version keeps its connections while the new one's migration adds a column. Texts that list
 * their columns are re-planned by PostgreSQL after such a change, without an error — and so
 * are texts whose only stars are inside parentheses (a CTE, a subquery: `outerLevel`), which
 * until 2026-11-27 were left unnamed too, parsed and planned at every call (ADR 024).
 */

const NAMES_LIMIT = 5_000
/** Each text's name; null: a star text, never named (so its pattern is tested once). */
const names = new Map<string, string | null>()
const STAR_COLUMNS = /\b(?:select|returning)\s+(?:distinct\s+)?\*|\w\.\*/i

/**
 * The text with every parenthesised part taken out: what is left is the statement's own level,
 * whose columns are its result. A star inside parentheses (a CTE's `select * from unnest(…)`, a
 * CTE's `returning *`, a subquery) does not make the result's type: when a column is added the
 * statement is planned again and its result is unchanged. Null when the parentheses do not
 * balance (one in a string literal or a comment): such a text is judged whole.
 */
export function outerLevel(text: string): string | null {
  let depth = 0
  let out = ''
  for (const ch of text) {
    if (ch === '(') depth++
    else if (ch === ')') {
      depth--
      if (depth < 0) return null
      if (depth === 0) out += ' '
    } else if (depth === 0) out += ch
  }
  return depth === 0 ? out : null
}

/** Whether the statement's result columns come from a star (so it must not be prepared). */
export function starResult(text: string): boolean {
  const outer = outerLevel(text)
  // `(row).*` leaves ' .*' once its parentheses are taken out.
  return outer === null ? STAR_COLUMNS.test(text) : STAR_COLUMNS.test(outer) || /\s\.\*/.test(outer)
}

function nameFor(text: string): string | undefined {
  const known = names.get(text)
  if (known !== undefined) return known ?? undefined
  if (names.size >= NAMES_LIMIT) return undefined
  const name = starResult(text)
    ? null
    : `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
  names.set(text, name)
  return name ?? undefined
}

type QueryConfig = { text?: string; name?: string; values?: unknown[] }

/** pg.Client whose parametrized queries carry a statement name (pass it as the pool's Client). */
export class PreparingClient extends pg.Client {
  // pg's query() has many overloads; the three call shapes are rewritten, the rest passed on.
  override query(...args: unknown[]): never {
    const [first, second] = args
    const call = super.query as (...a: unknown[]) => never
    if (typeof first === 'string' && Array.isArray(second)) {
      const name = nameFor(first)
      if (name) return call.call(this, { name, text: first, values: second }, ...args.slice(2))
    } else if (first && typeof first === 'object' && !('submit' in first)) {
      const config = first as QueryConfig
      if (!config.name && typeof config.text === 'string' && Array.isArray(config.values)) {
        const name = nameFor(config.text)
        if (name) return call.call(this, { ...config, name }, ...args.slice(1))
      }
    }
    return call.apply(this, args)
  }
}
