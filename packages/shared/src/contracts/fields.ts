import { z } from 'zod'
import { isRealDate } from '../dates.ts'

/*
 * The pieces the answers are made of. The JSON Schema of each is what the OpenAPI document
 * shows (a `format`, an example); the refinements are invisible there and hold the server to
 * it when a test checks an answer (a `date` column read as a JavaScript Date would not pass).
 */

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** A calendar day, `YYYY-MM-DD`. */
export const day = (example?: string) =>
  z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), 'Data AAAA-MM-DD')
    .meta({ format: 'date', ...(example === undefined ? {} : { example }) })

/** An instant in UTC, as `Date.prototype.toJSON` writes it. */
export const instant = (example?: string) =>
  z
    .string()
    .refine((v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), 'Data e hora ISO 8601 (UTC)')
    .meta({ format: 'date-time', ...(example === undefined ? {} : { example }) })

/** A São Paulo month, `YYYY-MM`. */
export const month = (meta: { example: string; description?: string }) =>
  z
    .string()
    .refine((v) => MONTH.test(v), 'Mês AAAA-MM')
    .meta(meta)

/** The usual month of the answers: described, with an example. */
export const spMonth = month({ example: '2026-11', description: 'AAAA-MM (São Paulo)' })

/** An amount in centavos (signed: totals and balances may be negative). */
export const cents = (example: number) =>
  z.number().int().meta({ description: 'Centavos', example })
