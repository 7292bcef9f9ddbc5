/**
 * Issue 11's figures per class, on the corpus (tunable) and the held-out set (never tuned
 * on): what fraction is fully right, and how many never-recorded messages were recorded
 * (that must be 0; src/eval.test.ts fails otherwise). Prints the misses to read.
 *
 *   npx tsx packages/assistant/eval/report.ts
 */
import { CORPUS } from './corpus.ts'
import { HELDOUT_11 } from './heldout-11.ts'
import { HELDOUT_11B } from './heldout-11b.ts'
import { score } from './score.ts'
import type { EvalCase } from './cases.ts'

function report(name: string, cases: readonly EvalCase[]): void {
  const { classes, misses } = score(cases)
  console.log(`\n== ${name}: ${cases.length} cases`)
  console.log('class        right           recorded by mistake')
  for (const c of classes) {
    const pct = ((100 * c.right) / c.total).toFixed(1)
    console.log(
      `${c.cls.padEnd(12)} ${`${pct} % (${c.right}/${c.total})`.padEnd(16)} ${c.recorded}`,
    )
  }
  for (const m of misses)
    console.log(
      `  miss [${m.c.cls}] ${JSON.stringify(m.c.text)} → ${JSON.stringify(m.d).slice(0, 160)}`,
    )
}

report('corpus (eval/corpus.ts)', CORPUS)
report('held-out (eval/heldout-11.ts)', HELDOUT_11)
report('held-out b (eval/heldout-11b.ts)', HELDOUT_11B)
