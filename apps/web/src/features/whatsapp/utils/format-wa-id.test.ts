import { describe, expect, it } from 'vitest'
import { formatWaId } from './format-wa-id'

describe('formatWaId', () => {
  it.each([
    ['5511987654321', '+55 (11) 98765-4321'],
    ['551187654321', '+55 (11) 8765-4321'],
    ['14155550123', '+14155550123'],
  ])('%s → %s', (waId, shown) => {
    expect(formatWaId(waId)).toBe(shown)
  })
})
