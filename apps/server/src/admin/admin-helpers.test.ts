import { describe, expect, it } from 'vitest'
import { escapeLike } from './admin-users.queries.ts'
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor.ts'
import { csvCell, csvLine } from './waitlist-csv.ts'

describe('csvCell', () => {
  it.each([
    ['Maria', '"Maria"'],
    ['Silva, Maria', '"Silva, Maria"'],
    ['Diz "oi"', '"Diz ""oi"""'],
    ['linha\nnova', '"linha\nnova"'],
    ['=1+1', `"'=1+1"`],
    ['+5511999990000', `"'+5511999990000"`],
    ['-10', `"'-10"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a=1', '"a=1"'],
    ['', '""'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes null as an empty cell and numbers as text', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(42)).toBe('"42"')
    expect(csvLine(['a', null, 'b'])).toBe('"a",,"b"\r\n')
  })
})

describe('keyset cursor', () => {
  const id = /^[a-z0-9-]{1,20}$/

  it('round-trips PostgreSQL microseconds and the id', () => {
    const cursor = { at: '2026-11-22T13:45:01.123456Z', id: 'abc-123' }
    const text = encodeKeysetCursor(cursor)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeKeysetCursor(text, id)).toEqual(cursor)
  })

  it.each([
    'nada',
    '',
    Buffer.from('{"at":"x"}').toString('base64url'),
    Buffer.from('["2026-11-22T13:45:01.123Z","a"]').toString('base64url'),
    Buffer.from('["2026-13-45T13:45:01.123456Z","a"]').toString('base64url'),
    Buffer.from('["2026-11-22T13:45:01.123456Z","DROP TABLE"]').toString('base64url'),
    Buffer.from('["2026-11-22T13:45:01.123456Z",1]').toString('base64url'),
  ])('refuses %j', (text) => {
    expect(decodeKeysetCursor(text, id)).toBeNull()
  })
})

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b')
    expect(escapeLike('maria')).toBe('maria')
  })
})
