/**
 * Issue 24's figures on the held-out set eval/heldout-24.ts (never tuned on) and the tuning
 * corpora: per class, fully right, asked ('Registrar …?' with Sim/Não) and wrongly recorded.
 * Entries: asked counts as not right. Non-entries: asked is allowed, recorded must be 0.
 *
 *   npx tsx packages/assistant/eval/report-24.ts [--misses]
 */
import { CORPUS } from './corpus.ts'
import { CORPUS_24 } from './corpus-24.ts'
import { HELDOUT_24 } from './heldout-24.ts'
import { HELDOUT_24B } from './heldout-24b.ts'
import { type ClassScore, NEVER_RECORDED, score } from './score.ts'
import type { EvalCase } from './cases.ts'

const showMisses = process.argv.includes('--misses')

function pct(n: number, total: number): string {
  return `${((100 * n) / Math.max(1, total)).toFixed(1)} %`
}

export function table(name: string, cases: readonly EvalCase[]): string[] {
  const { classes, misses } = score(cases)
  const lines = [`== ${name}: ${cases.length} cases`]
  lines.push('class        total  fully right        asked   wrongly recorded')
  const row = (
    c: Pick<ClassScore, 'right' | 'total' | 'asked' | 'recorded' | 'wrong'>,
    n: string,
  ) =>
    `${n.padEnd(12)} ${String(c.total).padStart(5)}  ${`${pct(c.right, c.total)} (${c.right})`.padEnd(17)}  ${String(c.asked).padStart(5)}   ${c.recorded + c.wrong}`
  for (const c of classes) lines.push(row(c, c.cls))
  const non = classes.filter((c) => NEVER_RECORDED.has(c.cls))
  const sum = (k: 'right' | 'total' | 'asked' | 'recorded' | 'wrong') =>
    non.reduce((s, c) => s + c[k], 0)
  lines.push(
    row(
      {
        right: sum('right'),
        total: sum('total'),
        asked: sum('asked'),
        recorded: sum('recorded'),
        wrong: sum('wrong'),
      },
      'non-entries',
    ),
  )
  if (showMisses)
    for (const m of misses)
      lines.push(
        `  miss [${m.c.cls}] ${JSON.stringify(m.c.text)} → ${JSON.stringify(m.d).slice(0, 170)}`,
      )
  return lines
}

if (process.argv[1]?.endsWith('report-24.ts')) {
  console.log(table('held-out 24 (eval/heldout-24.ts, never tuned on)', HELDOUT_24).join('\n'))
  console.log(table('held-out 24b (eval/heldout-24b.ts, never tuned on)', HELDOUT_24B).join('\n'))
  console.log(table('tuning corpus (eval/corpus.ts)', CORPUS).join('\n'))
  console.log(table('tuning corpus 24 (eval/corpus-24.ts)', CORPUS_24).join('\n'))
}
