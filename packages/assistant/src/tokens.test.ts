import { describe, expect, it } from 'vitest'
import { NUM, SYM, WORD, tokenize } from './tokens.ts'

const shape = (text: string) =>
  tokenize(text).map((t) => [t.kind, t.text, t.start, t.end, t.spaced])

describe('tokenize', () => {
  it('cuts words, numbers and symbols, keeping inner separators and joined words', () => {
    expect(shape("gastei 1.234,56 no mc donald's, c&a ,99")).toEqual([
      [WORD, 'gastei', 0, 6, true],
      [NUM, '1.234,56', 7, 15, true],
      [WORD, 'no', 16, 18, true],
      [WORD, 'mc', 19, 21, true],
      [WORD, "donald's", 22, 30, true],
      [SYM, ',', 30, 31, false],
      [WORD, 'c&a', 32, 35, true],
      [NUM, ',99', 36, 39, true],
    ])
  })

  it('reads a text longer than its code buffer, and a short one after it, with nothing left over', () => {
    const long = Array.from({ length: 400 }, (_, i) => `item ${i}`).join(' ')
    const tokens = tokenize(long)
    expect(tokens).toHaveLength(800)
    expect(tokens[799]?.text).toBe('399')
    expect(tokens[799]?.end).toBe(long.length)
    // The buffer still holds the long text's codes past the short one's end.
    expect(shape('segunda-')).toEqual([
      [WORD, 'segunda', 0, 7, true],
      [SYM, '-', 7, 8, false],
    ])
    expect(shape('12,')).toEqual([
      [NUM, '12', 0, 2, true],
      [SYM, ',', 2, 3, false],
    ])
  })

  it('splits words joined by a hyphen and marks a new line on the first token after it', () => {
    const tokens = tokenize('segunda-feira\nluz 180')
    expect(tokens.map((t) => t.text)).toEqual(['segunda', 'feira', 'luz', '180'])
    expect(tokens.map((t) => t.newLine)).toEqual([false, false, true, false])
    expect(tokens[1]?.spaced).toBe(true)
  })
})
