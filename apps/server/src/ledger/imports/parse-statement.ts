import type { CsvMapping } from '@equilibrai/shared'
import { parseCsv } from './csv.parser.ts'
import { decodeStatement } from './decode.ts'
import { looksLikeOfx, parseOfx } from './ofx.parser.ts'
import type { ParsedStatement } from './statement.ts'

/**
 * A statement file's rows: decoded (strict UTF-8, else windows-1252), recognised (OFX or a
 * bank's CSV) and read. Pure: no database. Throws the 4xx errors of errors.ts.
 */
export async function parseStatement(
  bytes: Uint8Array,
  mapping: CsvMapping | null = null,
): Promise<ParsedStatement> {
  const text = decodeStatement(bytes)
  if (looksLikeOfx(text)) return parseOfx(text)
  return parseCsv(text, mapping)
}
