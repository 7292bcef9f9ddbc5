import { analyze } from '../packages/assistant/src/analysis.ts'
import { benchCorpus } from './packages/assistant/bench/corpus.ts'
let multi = 0, marker = 0
for (const t of benchCorpus()) { const a = analyze(t); if (a.amounts.length >= 2) { multi++; console.log(JSON.stringify(t), a.amounts.map(m => m.cents)) } }
console.log('multi-candidate messages', multi)
