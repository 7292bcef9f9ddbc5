import { NUM, Role, type Token } from './tokens.ts'

/**
 * Phone numbers in the shapes Brazilians write them. Their tokens are marked PHONE before the
 * money reader runs, so '(11) 98765-4321' can never become R$ 98.765.
 */

const PHONE_PATTERN = new RegExp(
  [
    String.raw`\+\s?\d{1,3}[\s.-]?\(?\d{2}\)?[\s.-]?9?\d{4}[\s.-]?\d{4}`, // +55 11 98765-4321
    String.raw`\(\d{2}\)\s?9?\d{4}[\s.-]?\d{4}`, // (11) 98765-4321
    String.raw`\b\d{2}[\s.-]9\d{4}[\s.-]?\d{4}\b`, // 11 98765-4321, 11 987654321
    String.raw`\b\d{2}\s[2-5]\d{3}[\s-]\d{4}\b`, // 11 3333-4444
    String.raw`\b9?\d{4}-\d{4}\b`, // 98765-4321
    String.raw`\b0[38]00[\s-]?\d{3}[\s-]?\d{4}\b`, // 0800 123 4567
  ].join('|'),
  'g',
)

/** Marks tokens inside phone-number shapes as PHONE. Cheap to skip when digits are few. */
export function markPhones(tokens: Token[], folded: string): void {
  let digits = 0
  for (const t of tokens) if (t.kind === NUM) digits += t.text.length
  if (digits < 8) return
  PHONE_PATTERN.lastIndex = 0
  for (let m = PHONE_PATTERN.exec(folded); m !== null; m = PHONE_PATTERN.exec(folded)) {
    const start = m.index
    const end = start + m[0].length
    for (const t of tokens) if (t.start >= start && t.end <= end) t.role = Role.PHONE
  }
}

// A boleto's typed line ('34191.79001 01043.510047 …'), a barcode or card number in groups
// of four ('8465 0000 0012'): every number in the message is the code.
const BOLETO_LINE = /\d{5}[.\s]?\d{5}\s+\d{5}[.\s]?\d{6}|\b\d{4}(?:[ .-]\d{4}){2,}\b/

/** Marks every number of a message holding a boleto line as CODE: none of them is an amount. */
export function markBoletoLines(tokens: Token[], folded: string): void {
  if (folded.length < 14) return
  let digits = 0
  for (const t of tokens) if (t.kind === NUM) digits += t.text.length
  if (digits < 12 || !BOLETO_LINE.test(folded)) return
  for (const t of tokens) if (t.kind === NUM) t.role = Role.CODE
}
