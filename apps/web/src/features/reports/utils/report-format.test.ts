import { describe, expect, it } from 'vitest'
import { changePercent, share } from './report-format'

describe('report wording', () => {
  it('words a change and a share', () => {
    expect(changePercent(115, 100)).toMatch(/^\+15\s?%$/)
    expect(changePercent(95, 100)).toMatch(/^-5\s?%$/)
    expect(changePercent(100, 0)).toBeNull()
    expect(share(1, 8)).toMatch(/^12,5\s?%$/)
    expect(share(1, 0)).toBe('0 %')
  })
})
