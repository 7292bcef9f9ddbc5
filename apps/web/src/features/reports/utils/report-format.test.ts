import { describe, expect, it } from 'vitest'
import { changePercent, share } from './report-format'

describe('report wording', () => {
  it('words a change and a share', () => {
    expect(changePercent(115, 100)).toBe('+15%')
    expect(changePercent(95, 100)).toBe('-5%')
    expect(changePercent(100, 0)).toBeNull()
    expect(share(1, 8)).toBe('12,5%')
    expect(share(1, 0)).toBe('0%')
  })
})
