/**
 * Text folding. Everything the assistant matches is matched on a folded copy of the message:
 * lowercase, accents stripped, odd spaces made plain. The fold keeps the length of the text
 * (one character in, one character out) so a token found in the folded copy can be cut from
 * the original message, which is how descriptions keep the user's own spelling ('almoço').
 */

// Precomposed Latin letters → their base letter, lowercase. Built once at module load.
const FOLD_TABLE = new Map<string, string>()
const FOLD_SOURCE: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćĉċč',
  e: 'èéêëēĕėęě',
  i: 'ìíîïĩīĭįı',
  n: 'ñńņňŉ',
  o: 'òóôõöøōŏő',
  u: 'ùúûüũūŭůűų',
  y: 'ýÿŷ',
  s: 'śŝşš',
  z: 'źżž',
  g: 'ĝğġģ',
  d: 'ďđ',
  l: 'ĺļľŀł',
  r: 'ŕŗř',
  t: 'ţťŧ',
}
for (const [base, accented] of Object.entries(FOLD_SOURCE)) {
  for (const ch of accented) {
    FOLD_TABLE.set(ch, base)
    FOLD_TABLE.set(ch.toUpperCase(), base)
  }
}
// Spaces that arrive from copy-pasted bank texts and from Intl's own pt-BR currency format.
for (const space of ['\u00a0', '\u202f', '\u2007', '\u2009', '\u200a', '\u2002', '\u2003']) {
  FOLD_TABLE.set(space, ' ')
}
// Typographic punctuation phones insert on their own.
FOLD_TABLE.set('\u2019', "'")
FOLD_TABLE.set('\u2018', "'")
FOLD_TABLE.set('\u2013', '-')
FOLD_TABLE.set('\u2014', '-')
FOLD_TABLE.set('ß', 's')
FOLD_TABLE.set('æ', 'a')
FOLD_TABLE.set('œ', 'o')

const NEEDS_FOLD = /[\u0080-\uffff]/
const NON_ASCII = /[\u0080-\uffff]/g
const COMBINING_MARK = /[\u0300-\u036f]/

function foldChar(ch: string): string {
  return FOLD_TABLE.get(ch) ?? ch
}

/**
 * Lowercase and strip accents, keeping the length. Text typed with separate combining accents
 * (rare; some keyboards) is composed first so it folds like everything else.
 */
export function foldText(text: string): string {
  let source = text
  if (NEEDS_FOLD.test(source)) {
    if (COMBINING_MARK.test(source)) source = source.normalize('NFC')
    // 'İ'.toLowerCase() is two characters; fold it by hand so positions stay aligned.
    source = source.replace(/İ/g, 'I')
    return source.toLowerCase().replace(NON_ASCII, foldChar)
  }
  return source.toLowerCase()
}

/**
 * The text `foldText` would read: the original after the same composition step. Positions of
 * tokens found in the folded text index into this string.
 */
export function alignedOriginal(text: string): string {
  if (!NEEDS_FOLD.test(text)) return text
  const composed = COMBINING_MARK.test(text) ? text.normalize('NFC') : text
  return composed.replace(/İ/g, 'I')
}

/** One word as a key of learned words and of the lexicon: lowercase, accent-free, trimmed. */
export function normalizeWord(word: string): string {
  return foldText(word.trim())
}
