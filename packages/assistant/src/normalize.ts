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

// The same table by UTF-16 code unit, an array indexed by the code (every key is below
// U+2100): folding walks the text once, with no regex, no callback and no map lookup.
const FOLD_BY_CODE: (string | undefined)[] = new Array(0x2100)
// ('ŉ'.toUpperCase() is two characters: a key the old per-character replace never met.)
for (const [ch, base] of FOLD_TABLE) if (ch.length === 1) FOLD_BY_CODE[ch.charCodeAt(0)] = base

const DOTTED_I = 0x130 // 'İ'

/** Which of the rare steps a text needs: 1 any non-ASCII, 2 a combining mark, 4 an 'İ'. */
function needs(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    n |= 1
    if (c >= 0x300 && c <= 0x36f) n |= 2
    else if (c === DOTTED_I) n |= 4
  }
  return n
}

/** The composed text with 'İ' made 'I' (its lowercase is two characters): the aligned original. */
function composed(text: string, n: number): string {
  const source = n & 2 ? text.normalize('NFC') : text
  // Composition can make an 'İ' from 'I' and a dot above.
  return n & 2 || n & 4 ? source.replace(/İ/g, 'I') : source
}

function foldAccents(lower: string): string {
  let out = ''
  let from = 0
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i)
    if (c < 0x80 || c >= 0x2100) continue
    const base = FOLD_BY_CODE[c]
    if (base === undefined) continue
    out += lower.slice(from, i) + base
    from = i + 1
  }
  return from === 0 ? lower : out + lower.slice(from)
}

/**
 * Lowercase and strip accents, keeping the length. Text typed with separate combining accents
 * (rare; some keyboards) is composed first so it folds like everything else.
 */
export function foldText(text: string): string {
  const n = needs(text)
  if (n === 0) return text.toLowerCase()
  return foldAccents(composed(text, n).toLowerCase())
}

/**
 * The text `foldText` would read: the original after the same composition step. Positions of
 * tokens found in the folded text index into this string.
 */
export function alignedOriginal(text: string): string {
  const n = needs(text)
  return n === 0 ? text : composed(text, n)
}

/**
 * `foldAccents(lower)`, or null when `lower` holds a combining mark (U+0300–U+036F): then the
 * text needs composing first. Lowercasing keeps every combining mark and turns an 'İ' into 'i'
 * and a combining dot, so a lowercased text without one needed neither rare step of `needs`.
 */
function foldLower(lower: string): string | null {
  let out = ''
  let from = 0
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i)
    if (c < 0x80) continue
    if (c >= 0x300 && c <= 0x36f) return null
    if (c >= 0x2100) continue
    const base = FOLD_BY_CODE[c]
    if (base === undefined) continue
    out += lower.slice(from, i) + base
    from = i + 1
  }
  return from === 0 ? lower : out + lower.slice(from)
}

/**
 * `foldText` and `alignedOriginal` of one text. Lowercased first and looked over once: the
 * look that folds the accents also finds the rare text that needs composing.
 */
export function foldAligned(text: string): { folded: string; aligned: string } {
  const folded = foldLower(text.toLowerCase())
  if (folded !== null) return { folded, aligned: text }
  const n = needs(text)
  const aligned = composed(text, n)
  return { folded: foldAccents(aligned.toLowerCase()), aligned }
}

/** One word as a key of learned words and of the lexicon: lowercase, accent-free, trimmed. */
export function normalizeWord(word: string): string {
  return foldText(word.trim())
}
