import type { Context } from 'hono'
import type { z } from 'zod'
import { BadRequestError, ValidationError } from '../errors.ts'

/** The JSON body, or a 400 when it is missing or malformed: never a 500 for bad input. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (!type.includes('application/json')) {
    throw new BadRequestError(
      'Envie o corpo em JSON (Content-Type: application/json).',
      'INVALID_JSON',
    )
  }
  try {
    return await c.req.json()
  } catch {
    throw new BadRequestError('JSON inválido.', 'INVALID_JSON')
  }
}

/** The body parsed by a shared zod schema; its first pt-BR message becomes the 400. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readJson(c))
  if (!result.success) throw new ValidationError(result.error)
  return result.data
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query())
  if (!result.success) throw new ValidationError(result.error)
  return result.data
}

/**
 * The numeric id in the path (`:id`): anything that is not one of ours — not digits, zero, too
 * long for a bigint we hand out — is simply not found (`notFound()`), never a 500.
 */
export function pathId(c: Context, notFound: () => Error, name = 'id'): number {
  const raw = c.req.param(name) ?? ''
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound()
  return Number(raw)
}
