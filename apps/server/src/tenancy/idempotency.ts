import { createHash } from 'node:crypto'
import type { Context, Next } from 'hono'
import { type Db, AppError, BadRequestError, ConflictError } from '../platform/index.ts'

/*
 * Idempotency-Key on POST (ARCHITECTURE §8): the first answer to (caller, key) is stored for
 * 24 h and replayed for a retry with the same body; the same key with another body (or on
 * another route) is 422, and a retry while the first is still running is 409. Answers of 500
 * and up are not kept, so the request can be retried with the same key.
 */

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'Esta Idempotency-Key já foi usada com outro conteúdo. Use uma chave nova para outra requisição.',
    )
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

type StoredRow = {
  claimed: boolean
  request_hash: string
  status: number | null
  content_type: string | null
  body: string | null
}

/** Runs `next` once per (user, Idempotency-Key) for POST requests that carry one. */
export async function withIdempotency(
  db: Db,
  c: Context,
  userId: string,
  next: Next,
): Promise<Response | undefined> {
  const key = c.req.header('idempotency-key')
  if (key === undefined || c.req.method !== 'POST') {
    await next()
    return
  }
  if (!KEY_PATTERN.test(key)) {
    throw new BadRequestError(
      'Idempotency-Key inválida (de 1 a 255 caracteres visíveis, sem espaços).',
      'INVALID_IDEMPOTENCY_KEY',
    )
  }
  // Hono keeps the body it read, so the handler parses the same bytes afterwards.
  const raw = await c.req.text()
  const hash = createHash('sha256').update(`${c.req.path}\n${raw}`).digest('base64url')

  const { rows } = await db.query<StoredRow>(
    `insert into idempotency_keys as i (user_id, key, request_hash) values ($1, $2, $3)
     on conflict (user_id, key) do update set
       request_hash = excluded.request_hash, status = null, content_type = null, body = null,
       created_at = now(), expires_at = now() + interval '24 hours'
       where i.expires_at <= now()
     returning true as claimed, request_hash, status, content_type, body`,
    [userId, key, hash],
  )
  if (!rows[0]) {
    const stored = (
      await db.query<StoredRow>(
        `select false as claimed, request_hash, status, content_type, body
           from idempotency_keys where user_id = $1 and key = $2`,
        [userId, key],
      )
    ).rows[0]
    if (!stored) throw new ConflictError('Requisição em andamento.', 'IDEMPOTENCY_IN_PROGRESS')
    if (stored.request_hash !== hash) throw new IdempotencyKeyReusedError()
    if (stored.status === null) {
      throw new ConflictError(
        'Uma requisição com esta Idempotency-Key ainda está em andamento.',
        'IDEMPOTENCY_IN_PROGRESS',
      )
    }
    return new Response(stored.body, {
      status: stored.status,
      headers: {
        ...(stored.content_type ? { 'Content-Type': stored.content_type } : {}),
        'Idempotent-Replayed': 'true',
      },
    })
  }

  let kept = false
  try {
    await next()
    if (c.res.status < 500) {
      await db.query(
        `update idempotency_keys set status = $3, content_type = $4, body = $5
          where user_id = $1 and key = $2`,
        [userId, key, c.res.status, c.res.headers.get('content-type'), await c.res.clone().text()],
      )
      kept = true
    }
  } finally {
    if (!kept) {
      await db.query('delete from idempotency_keys where user_id = $1 and key = $2', [userId, key])
    }
  }
  return
}

/** Drops stored answers past their 24 hours (the hourly housekeeping task). */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const result = await db.query('delete from idempotency_keys where expires_at < now()')
  return result.rowCount ?? 0
}
