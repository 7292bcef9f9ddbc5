import { describe, expect, it } from 'vitest'
import { CORPUS } from '../eval/corpus.ts'
import { HELDOUT_11 } from '../eval/heldout-11.ts'
import { HELDOUT_11B } from '../eval/heldout-11b.ts'
import { NEVER_RECORDED, records, score } from '../eval/score.ts'
import { EVAL_NOW } from '../eval/cases.ts'
import { understand } from './understand.ts'

/*
 * The labelled sets as tests. A question, plan, sum or identifier that gets recorded is a
 * failure here, not a statistic. Accuracy floors are the targets; the
 * figures themselves are printed by bench/accuracy.ts.
 */

describe('nothing that is not an entry is ever recorded', () => {
  for (const [name, set] of [
    ['corpus', CORPUS],
    ['held-out', HELDOUT_11],
    ['held-out b', HELDOUT_11B],
  ] as const) {
    const cases = set.filter((c) => NEVER_RECORDED.has(c.cls))
    it.each(cases.map((c) => [c.text]))(`${name}: %s`, (text) => {
      const d = understand(text, { now: EVAL_NOW })
      expect(records(d), JSON.stringify(d)).toBe(false)
    })
  }
})

describe('accuracy floors', () => {
  const floor = { ordinary: 0.99, harder: 0.9 } as const
  for (const [name, set] of [
    ['corpus', CORPUS],
    ['held-out', HELDOUT_11],
    ['held-out b', HELDOUT_11B],
  ] as const) {
    it(`${name}: ordinary ≥ 99 %, harder ≥ 90 %`, () => {
      const { classes } = score(set)
      for (const c of classes) {
        const min = c.cls === 'ordinary' || c.cls === 'harder' ? floor[c.cls] : 0
        expect(c.right / c.total, `${c.cls} ${c.right}/${c.total}`).toBeGreaterThanOrEqual(min)
      }
    })
  }

  it('the corpus has at least 600 cases', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(600)
  })
})
