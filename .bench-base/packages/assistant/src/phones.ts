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
