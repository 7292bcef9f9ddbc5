import { understand as newU } from '../packages/assistant/src/index.ts'
import { understand as oldU } from './packages/assistant/src/index.ts'
import { benchCorpus as oldCorpus } from './packages/assistant/bench/corpus.ts'
import { benchCorpus as newCorpus } from '../packages/assistant/bench/corpus.ts'
const start = Date.parse('2026-11-19T02:00:00Z')
function ctxs(n: number) { return Array.from({ length: n }, (_, i) => ({ now: new Date(start + i * 1000), learnedWords: { boliche: 'lazer' as const } })) }
const oc = oldCorpus(), nc = newCorpus()
const occ = ctxs(oc.length), ncc = ctxs(nc.length)
let sink = 0
function run(u: typeof newU, corpus: string[], cs: ReturnType<typeof ctxs>, ms: number) {
  const c0 = process.cpuUsage(); const until = performance.now() + ms; let n = 0
  while (performance.now() < until) { for (let i = 0; i < corpus.length; i++) sink += u(corpus[i] ?? '', cs[i]!).kind.length; n += corpus.length }
  const c = process.cpuUsage(c0); return n / ((c.user + c.system) / 1e6)
}
run(oldU, oc, occ, 1000); run(newU, oc, occ, 1000); run(newU, nc, ncc, 1000)
const best = { old: 0, newOld: 0, newNew: 0 }
for (let r = 0; r < 8; r++) {
  best.old = Math.max(best.old, run(oldU, oc, occ, 400))
  best.newOld = Math.max(best.newOld, run(newU, oc, occ, 400))
  best.newNew = Math.max(best.newNew, run(newU, nc, ncc, 400))
}
console.log('best msgs per CPU-second: base code/base corpus', Math.round(best.old), '| new code/base corpus', Math.round(best.newOld), '| new code/new corpus', Math.round(best.newNew))
if (sink < 0) console.log(sink)
