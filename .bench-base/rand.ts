import fc from 'fast-check'
import { understand as newU } from '/work/wt/i11/packages/assistant/src/index.ts'
import { understand as oldU } from '/work/wt/i11/.bench-base/packages/assistant/src/index.ts'
const now = new Date('2026-11-18T15:00:00Z')
const samples = fc.sample(fc.string({ unit: 'binary', maxLength: 80 }), 3000)
for (const [name, u] of [['old', oldU], ['new', newU], ['old', oldU], ['new', newU]] as const) {
  const t0 = performance.now()
  for (const s of samples) u(s, { now })
  console.log(name, (performance.now() - t0).toFixed(1), 'ms')
}
const t1 = performance.now(); fc.sample(fc.string({ unit: 'binary', maxLength: 80 }), 3000); console.log('gen', (performance.now() - t1).toFixed(1))
