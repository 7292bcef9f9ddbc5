/**
 * Every decision the assistant takes on every corpus message (eval sets, held-out sets, bank
 * notifications, the bench corpus, the tests' strings) and on 30,000 seeded recombinations of
 * their words, with four contexts (no accounts; 5 accounts and a learned word; other accounts and
 * learned words at New Year's midnight; no accounts in February), one canonical JSON line per
 * text. A speed change must leave this output byte for byte the same:
 *
 *   ROOT=/work/main CORPORA=/work/main OUT=/tmp/before.jsonl node --import tsx packages/assistant/bench/decisions-dump.ts
 *   ROOT=$PWD CORPORA=/work/main OUT=/tmp/after.jsonl node --import tsx packages/assistant/bench/decisions-dump.ts
 *   cmp /tmp/before.jsonl /tmp/after.jsonl
 *
 * ROOT: the tree whose code decides; CORPORA: the tree the texts come from (the same for both).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

type Case = { text?: unknown }
const here = path.resolve(import.meta.dirname, '../../..')
const ROOT = process.env.ROOT ?? here
const CORPORA = process.env.CORPORA ?? ROOT
const OUT = process.env.OUT ?? '/tmp/decisions.jsonl'
const A = `${ROOT}/packages/assistant`
const idx = await import(`${A}/src/index.ts`)
const { withBillPayment } = await import(`${A}/src/bills-recurring-budgets.ts`)

const texts = new Set<string>()
const sets: [string, string][] = [
  ['eval/corpus.ts', 'CORPUS'],
  ['eval/corpus-24.ts', 'CORPUS_24'],
  ['eval/heldout-11.ts', 'HELDOUT_11'],
  ['eval/heldout-11b.ts', 'HELDOUT_11B'],
  ['eval/heldout-24.ts', 'HELDOUT_24'],
  ['eval/heldout-24b.ts', 'HELDOUT_24B'],
  ['bench/heldout.ts', 'HELDOUT'],
  ['bench/heldout.ts', 'HELDOUT_STRESS'],
  ['eval/notifications/corpus.ts', 'NOTIFICATION_CORPUS'],
  ['eval/notifications/heldout.ts', 'NOTIFICATION_HELDOUT'],
]
for (const [file, name] of sets) {
  const cases = (await import(`${CORPORA}/packages/assistant/${file}`))[name] as Case[]
  for (const c of cases) if (typeof c.text === 'string') texts.add(c.text)
}
const bench = await import(`${CORPORA}/packages/assistant/bench/corpus.ts`)
for (const t of bench.benchCorpus() as string[]) texts.add(t)
// String literals of the package's tests.
const srcDir = `${CORPORA}/packages/assistant/src`
for (const f of readdirSync(srcDir)) {
  if (!f.endsWith('.test.ts')) continue
  const src = readFileSync(`${srcDir}/${f}`, 'utf8')
  for (const m of src.matchAll(/'((?:[^'\\\n]|\\.)*)'|`([^`$]*)`|"((?:[^"\\\n]|\\.)*)"/g)) {
    const s = (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\n/g, '\n').replace(/\\'/g, "'")
    if (s.length > 0 && s.length < 600) texts.add(s)
  }
}
const base = [...texts]
// Seeded recombinations: words and numbers of the corpora, with accents, case and separators.
let seed = 12345
function rnd(): number {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (xs: readonly string[]): string => xs[Math.floor(rnd() * xs.length)] ?? ''
const words = [
  ...new Set(base.flatMap((t) => t.split(/\s+/)).filter((w) => w.length > 0 && w.length < 30)),
]
const extra =
  'R$|r$|+|-|/|,| e |\n|?|mil|reais|conto|no|na|nubank|poupança|carteira|crédito|débito|tesouro|pix|transferi|saquei|investi|fatura|cartão|boliche|vence|dia|ontem|amanhã|todo mês|orçamento|não|quase|você recebeu|compra aprovada|semana passada|parcelas|3x|12x de 50|desfazer|sim|Conta principal|treze e noventa|dois reais e cinquenta'.split(
    '|',
  )
const nums =
  '45,90 1.234,56 15 99 2027 8812 0,99 ,50 3.000 12/11 15/11/2026 98765-4321 13º 50% 2x 10h 200 1200 7 300.000,00'.split(
    ' ',
  )
for (let i = 0; i < Number(process.env.SYNTH ?? 30000); i++) {
  const parts: string[] = []
  for (let k = 1 + Math.floor(rnd() * 7); k > 0; k--) {
    const r = rnd()
    parts.push(r < 0.55 ? pick(words) : r < 0.8 ? pick(nums) : pick(extra))
  }
  const t = parts.join(rnd() < 0.9 ? ' ' : '')
  texts.add(rnd() < 0.1 ? t.toUpperCase() : t)
}
const account = (id: number, name: string, kind: string, isDefault = false, archived = false) => ({
  id,
  name,
  kind,
  is_default: isDefault,
  archived,
})
const five = [
  account(1, 'Conta principal', 'checking', true),
  account(2, 'Nubank', 'credit_card'),
  account(3, 'Poupança', 'savings'),
  account(4, 'Carteira', 'cash'),
  account(5, 'Tesouro Direto', 'investment'),
]
const other = [
  account(7, 'Itaú', 'checking', true),
  account(8, 'Cartão Itaú', 'credit_card'),
  account(9, 'Caixa', 'savings'),
  account(10, 'Antiga', 'cash', false, true),
]
const contexts = [
  () => ({ now: new Date('2026-11-18T15:00:00Z') }),
  () => ({
    now: new Date('2026-11-19T02:30:00Z'),
    learnedWords: { boliche: 'lazer' },
    accounts: five,
  }),
  () => ({
    now: new Date('2027-01-01T02:59:00Z'),
    learnedWords: {
      uber: 'lazer',
      pizza: 'alimentacao',
      salario: 'salario',
      bico: 'outros_receita',
    },
    accounts: other,
  }),
  () => ({ now: new Date('2026-02-28T12:00:00Z'), accounts: [] }),
]
function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon)
  if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
    const o = v as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, canon(o[k])]),
    )
  }
  return v
}
const at = new Date('2026-11-18T15:00:00Z')
const out: string[] = []
for (const t of texts) {
  const row: unknown[] = [t]
  for (const make of contexts) {
    const ctx = make()
    const d = idx.understand(t, ctx)
    row.push(d, withBillPayment(t, d, ctx))
  }
  row.push(
    idx.parseAmount(t),
    idx.categorize(t, 'expense'),
    idx.categorize(t, 'income', { boliche: 'lazer' }),
    idx.findDate(t, at, 'backward'),
    idx.findDate(t, at, 'forward'),
  )
  out.push(JSON.stringify(canon(row)))
}
writeFileSync(OUT, `${out.join('\n')}\n`)
console.log(`${texts.size} texts (${base.length} from corpora and tests) → ${OUT}`)
