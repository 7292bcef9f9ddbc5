import { describe, expect, it } from 'vitest'
import { PENDING_WINDOW_MS, pendingOutcome } from './pending.ts'

const asked = new Date('2026-11-18T15:00:00Z')
const at = (ms: number) => new Date(asked.getTime() + ms)

describe('pending questions', () => {
  it('only a yes/no within the window answers', () => {
    expect(pendingOutcome({ kind: 'confirm', yes: true }, asked, at(60_000))).toBe('answer')
    expect(pendingOutcome({ kind: 'confirm', yes: false }, asked, at(PENDING_WINDOW_MS))).toBe(
      'answer',
    )
    expect(pendingOutcome({ kind: 'confirm', yes: true }, asked, at(PENDING_WINDOW_MS + 1))).toBe(
      'drop',
    )
  })

  it('any other message drops the question', () => {
    expect(pendingOutcome({ kind: 'balance' }, asked, at(1000))).toBe('drop')
    expect(pendingOutcome({ kind: 'not_understood' }, asked, at(1000))).toBe('drop')
  })

  it('a clock that went backwards answers nothing', () => {
    expect(pendingOutcome({ kind: 'confirm', yes: true }, asked, at(-1000))).toBe('drop')
  })
})
