/**
 * The admin lists' opaque cursor: the last row's (created_at, id), newest first. created_at
 * travels as PostgreSQL wrote it, to the microsecond (a JS Date keeps only milliseconds, and a
 * cursor rounded down would repeat or skip rows created within the same millisecond).
 */
export type KeysetCursor = { at: string; id: string }

/** The SQL expression that renders a timestamptz column the way the cursor carries it. */
export function cursorTimestampSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** A real UTC instant in the cursor's format: no 30 February, no 24:00, no year 0. */
function isRealInstant(at: string): boolean {
  if (!AT.test(at) || at.startsWith('0000')) return false
  const ms = Date.parse(at)
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19)
}

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url')
}

/** null for anything that is not a cursor this server made (`idPattern` checks the id). */
export function decodeKeysetCursor(text: string, idPattern: RegExp): KeysetCursor | null {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(value) || value.length !== 2) return null
  const [at, id] = value
  if (typeof at !== 'string' || !isRealInstant(at)) return null
  if (typeof id !== 'string' || !idPattern.test(id)) return null
  return { at, id }
}
