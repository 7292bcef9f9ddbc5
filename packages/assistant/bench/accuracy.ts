/**
 * Accuracy on the held-out set (bench/heldout.ts): overall (every expected field right) and
 * per field. Prints the misses so they can be read, not to tune against.
 *
 *   npx tsx packages/assistant/bench/accuracy.ts
 */
import { HELDOUT, HELDOUT_NOW, HELDOUT_STRESS, type HeldoutCase } from './heldout.ts'
import { type Decision, understand } from '../src/index.ts'

function amountOf(d: Decision): number | null | undefined {
  switch (d.kind) {
    case 'entry':
    case 'confirm_large':
      return d.entry.amount_cents
    case 'bill':
      return d.bill.amount_cents
    case 'correct_amount':
      return d.amount_cents
    default:
      return undefined
  }
}

function categoryOf(d: Decision): string | undefined {
  switch (d.kind) {
    case 'entry':
    case 'confirm_large':
      return d.entry.category
    case 'bill':
      return d.bill.category
    case 'needs_amount':
    case 'change_category':
      return d.category
    case 'summary':
      return d.category
    default:
      return undefined
  }
}

function typeOf(d: Decision): string | undefined {
  if (d.kind === 'entry' || d.kind === 'confirm_large') return d.entry.type
  if (d.kind === 'needs_amount') return d.type
  return undefined
}

type Tally = { right: number; total: number }

function check(t: Tally, ok: boolean): boolean {
  t.total++
  if (ok) t.right++
  return ok
}

const pct = (t: Tally) =>
  `${((100 * t.right) / Math.max(1, t.total)).toFixed(1)}% (${t.right}/${t.total})`

function evaluate(name: string, cases: readonly HeldoutCase[]): void {
  const tally = (): Tally => ({ right: 0, total: 0 })
  const overall = tally()
  const kind = tally()
  const amount = tally()
  const category = tally()
  const type = tally()
  const misses: string[] = []
  for (const c of cases) {
    const d = understand(c.text, { now: HELDOUT_NOW })
    let ok = check(kind, d.kind === c.kind)
    if (c.amount_cents !== undefined) ok = check(amount, amountOf(d) === c.amount_cents) && ok
    if (c.category !== undefined) ok = check(category, categoryOf(d) === c.category) && ok
    if (c.type !== undefined) ok = check(type, typeOf(d) === c.type) && ok
    if (c.month !== undefined) ok = d.kind === 'summary' && d.month === c.month && ok
    if (c.index !== undefined) ok = d.kind === 'delete' && d.index === c.index && ok
    if (c.yes !== undefined) ok = d.kind === 'confirm' && d.yes === c.yes && ok
    check(overall, ok)
    if (!ok)
      misses.push(
        `  ${JSON.stringify(c.text)}\n    expected ${JSON.stringify({ ...c, text: undefined })}\n    got      ${JSON.stringify(d)}`,
      )
  }
  console.log(`\n== ${name}: ${cases.length} cases`)
  console.log(`overall (all expected fields right): ${pct(overall)}`)
  console.log(`kind:     ${pct(kind)}`)
  console.log(`amount:   ${pct(amount)}`)
  console.log(`category: ${pct(category)}`)
  console.log(`type:     ${pct(type)}`)
  if (misses.length > 0) console.log(`misses:\n${misses.join('\n')}`)
}

evaluate('held-out (written before the lexicon)', HELDOUT)
evaluate('stress (written after the lexicon, aimed at its gaps)', HELDOUT_STRESS)
