import iconv from 'iconv-lite'
import { EmptyFileError, UnsupportedFileError } from './errors.ts'

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/**
 * A statement file's bytes as text: strict UTF-8 first, and when that fails windows-1252 (what
 * Brazilian banks' OFX and CSV files often are). A file with NUL bytes or mostly control
 * characters is not a statement (415); an empty one is a 400.
 */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new EmptyFileError()
  const head = bytes.subarray(0, 8192)
  let control = 0
  for (const b of head) {
    if (b === 0) throw new UnsupportedFileError()
    if (b < 9 || (b > 13 && b < 32)) control++
  }
  if (control > head.length / 20) throw new UnsupportedFileError()
  let text: string
  try {
    text = strictUtf8.decode(bytes)
  } catch {
    text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252')
  }
  if (text.trim() === '') throw new EmptyFileError()
  return text
}
