import { expect } from 'vitest'
import { z } from 'zod'

/**
 * The answer keeps its contract: the schema in packages/shared that its type and the OpenAPI
 * document come from. It must parse, and carry no field the contract does not declare (a field
 * the document does not show is a field no client can rely on). Returns the body, typed.
 */
export function expectContract<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new Error(
      `the answer breaks its contract:\n${z.prettifyError(parsed.error)}\nin ${JSON.stringify(body)}`,
    )
  }
  expect(body, 'the answer has fields its contract does not declare').toEqual(parsed.data)
  return parsed.data
}
