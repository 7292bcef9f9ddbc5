/*
 * Amounts and dates as banks write them, read without floating point and without time zones.
 */

/**
 * Cents of an amount written '-1.234,56', '1234.56', 'R$ -10,00', '(10,00)' or '10,00-'.
 * `decimal` says which mark separates the cents; 'auto' takes the last '.' or ',' followed by
 * one or two digits. Null when it is not an amount.
 */
export function parseSignedCents(
  raw: string,
  decimal: 'comma' | 'dot' | 'auto' = 'auto',
): number | null {
  let text = raw.replace(/R\$|\s|\u00a0/g, '')
  let negative = false
  if (/^\(.*\)$/.test(text)) {
    negative = true
    text = text.slice(1, -1)
  }
  if (text.endsWith('-')) {
    negative = !negative
    text = text.slice(0, -1)
  }
  if (text.startsWith('-')) {
    negative = !negative
    text = text.slice(1)
  } else if (text.startsWith('+')) text = text.slice(1)
  if (!/^[\d.,]+$/.test(text)) return null
  let mark = decimal === 'comma' ? ',' : decimal === 'dot' ? '.' : null
  if (mark === null) {
    const m = /[.,](\d{1,2})$/.exec(text)
    mark = m ? (m[0][0] as string) : ','
  }
  const thousands = mark === ',' ? '.' : ','
  const plain = text.split(thousands).join('')
  const parts = plain.split(mark)
  if (parts.length > 2) return null
  const [whole = '', frac = ''] = parts
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(frac) || (whole === '' && frac === '')) return null
  const cents = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return negative ? -cents : cents
}

function validDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null
  const probe = new Date(Date.UTC(y, m - 1, d))
  if (probe.getUTCMonth() !== m - 1) return null
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

export type DateFormat = 'DD/MM/YYYY' | 'DD/MM/YY' | 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD-MM-YYYY'

/** A date in `format` (a time after it is ignored), as YYYY-MM-DD; null when not a date. */
export function parseDate(raw: string, format: DateFormat): string | null {
  const text = raw.trim().split(/[ T]/)[0] ?? ''
  const nums = text.split(/[/.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN))
  if (nums.length !== 3 || nums.some(Number.isNaN)) return null
  const [a = 0, b = 0, c = 0] = nums
  switch (format) {
    case 'DD/MM/YYYY':
    case 'DD-MM-YYYY':
      return c > 999 ? validDate(c, b, a) : null
    case 'DD/MM/YY':
      return validDate(c < 100 ? 2000 + c : c, b, a)
    case 'MM/DD/YYYY':
      return c > 999 ? validDate(c, a, b) : null
    case 'YYYY-MM-DD':
      return a > 999 ? validDate(a, b, c) : null
  }
}

/** OFX dates: 'YYYYMMDD[HHMMSS[.XXX]][[-3:BRT]]' — the calendar date is the first 8 digits. */
export function parseOfxDate(raw: string): string | null {
  const m = /^\s*(\d{4})(\d{2})(\d{2})/.exec(raw)
  return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null
}
