import { analyze as aN } from '../packages/assistant/src/analysis.ts'
import { analyze as aO } from './packages/assistant/src/analysis.ts'
import { readCommand as cN } from '../packages/assistant/src/commands.ts'
import { readCommand as cO } from './packages/assistant/src/commands.ts'
import { readNotEntry } from '../packages/assistant/src/not-entry.ts'
import { readInstallments } from '../packages/assistant/src/installments.ts'
import { readItems } from '../packages/assistant/src/items.ts'
import { isBill, readEntry as eN } from '../packages/assistant/src/entry.ts'
import { readEntry as eO, isBill as bO } from './packages/assistant/src/entry.ts'
import { benchCorpus } from './packages/assistant/bench/corpus.ts'
const corpus = benchCorpus()
const ctx = { now: new Date('2026-11-19T02:00:00Z'), learnedWords: { boliche: 'lazer' as const } }
function best(f: () => void): number {
  let b = Infinity
  for (let r = 0; r < 10; r++) {
    const c0 = process.cpuUsage(); let n = 0; const until = performance.now() + 200
    while (performance.now() < until) { f(); n++ }
    const c = process.cpuUsage(c0); b = Math.min(b, ((c.user + c.system) * 1000) / (n * corpus.length))
  }
  return b
}
const r = (x: number) => x.toFixed(0).padStart(5)
console.log('analyze        old', r(best(() => { for (const t of corpus) aO(t) })), 'new', r(best(() => { for (const t of corpus) aN(t) })), 'ns/msg')
console.log('+command       old', r(best(() => { for (const t of corpus) cO(aO(t), ctx) })), 'new', r(best(() => { for (const t of corpus) cN(aN(t), ctx) })))
console.log('+notEntry      new', r(best(() => { for (const t of corpus) { const a = aN(t); cN(a, ctx) ?? readNotEntry(a, isBill(a.tokens)) } })))
console.log('+inst+items    new', r(best(() => { for (const t of corpus) { const a = aN(t); cN(a, ctx) ?? readNotEntry(a, isBill(a.tokens)) ?? readInstallments(a, ctx) ?? readItems(a, ctx) } })))
console.log('full           old', r(best(() => { for (const t of corpus) { const a = aO(t); cO(a, ctx) ?? (bO(a.tokens) ? null : eO(a, ctx)) } })), 'new', r(best(() => { for (const t of corpus) { const a = aN(t); cN(a, ctx) ?? readNotEntry(a, isBill(a.tokens)) ?? readInstallments(a, ctx) ?? readItems(a, ctx) ?? eN(a, ctx) } })))
console.log('cmd+entry only old', r(best(() => { for (const t of corpus) { const a = aO(t); cO(a, ctx) ?? eO(a, ctx) } })), 'new', r(best(() => { for (const t of corpus) { const a = aN(t); cN(a, ctx) ?? eN(a, ctx) } })))
console.log('cmd+notEntry+entry new', r(best(() => { for (const t of corpus) { const a = aN(t); cN(a, ctx) ?? readNotEntry(a, false) ?? eN(a, ctx) } })))
