import { type Decision, understand } from '../src/index.ts'
import { EVAL_NOW, type EvalCase, type EvalClass } from './cases.ts'

/** Decisions that put money into the books (or ask to, with one 'sim'). */
const RECORDING = new Set([
  'entry',
  'entries',
  'installments',
  'confirm_large',
  'confirm_date',
  'correct_amount',
  'bank_notification',
])

export function records(d: Decision): boolean {
  return RECORDING.has(d.kind)
}

/** Classes whose messages must never be recorded. */
export const NEVER_RECORDED: ReadonlySet<EvalClass> = new Set([
  'non_entry',
  'identifier',
  'news',
  'negation',
  'not_money',
  'chatter',
])

/** Decisions that ask 'Registrar …?' and record nothing until 'Sim' (issue 24). */
export function asks(d: Decision): boolean {
  return d.kind === 'confirm_entry'
}

/** Whether the decision is right on every field the case states. */
export function isRight(c: EvalCase, given: Decision): boolean {
  if (c.kind === undefined) return !records(given)
  // Text read as a forwarded bank notification ('você recebeu R$ 75,00 de João') records the
  // same one entry (or purchase in installments) as the typed path: judged as that.
  const d: Decision =
    given.kind !== 'bank_notification'
      ? given
      : given.plan
        ? { kind: 'installments', plan: given.plan }
        : { kind: 'entry', entry: given.entry }
  if (d.kind !== c.kind) return false
  switch (d.kind) {
    case 'entry':
    case 'confirm_large': {
      const e = d.entry
      return (
        (c.amount_cents === undefined || e.amount_cents === c.amount_cents) &&
        (c.category === undefined || e.category === c.category) &&
        (c.type === undefined || e.type === c.type) &&
        (c.occurred_on === undefined || e.occurred_on === c.occurred_on)
      )
    }
    case 'entries': {
      const items = c.items ?? []
      return (
        d.entries.length === items.length &&
        items.every((item, k) => {
          const e = d.entries[k]
          return (
            e !== undefined &&
            e.amount_cents === item.amount_cents &&
            (item.category === undefined || e.category === item.category) &&
            (item.type === undefined || e.type === item.type)
          )
        })
      )
    }
    case 'installments': {
      const want = c.installments
      const sum = d.plan.entries.reduce((s, e) => s + e.amount_cents, 0)
      return (
        want !== undefined &&
        d.plan.count === want.count &&
        d.plan.entries.length === want.count &&
        sum === want.total_cents &&
        (want.category === undefined || d.plan.category === want.category)
      )
    }
    case 'bill':
      return c.amount_cents === undefined || d.bill.amount_cents === c.amount_cents
    case 'summary': {
      const range = d
      return (
        (c.month === undefined || d.month === c.month) &&
        (c.category === undefined || d.category === c.category) &&
        (c.from === undefined || range.from === c.from) &&
        (c.to === undefined || range.to === c.to)
      )
    }
    case 'planning': {
      const p = d.planning as { kind: string; within_days?: number }
      return (
        c.within_days === undefined || (p.kind === 'list_bills' && p.within_days === c.within_days)
      )
    }
    case 'correct_amount':
      return c.amount_cents === undefined || d.amount_cents === c.amount_cents
    default:
      return true
  }
}

/**
 * Per class: `right` fully right; `asked` asked 'Registrar …?' instead (counts as not right on
 * entries, allowed on non-entries); `recorded` never-recorded cases that were recorded;
 * `wrong` entries recorded with a wrong field (or recorded as another kind).
 */
export type ClassScore = {
  cls: EvalClass
  right: number
  total: number
  recorded: number
  asked: number
  wrong: number
}

export type Miss = { c: EvalCase; d: Decision }

/** Per-class scores of a set; `recorded` counts never-recorded cases that were recorded. */
export function score(cases: readonly EvalCase[]): { classes: ClassScore[]; misses: Miss[] } {
  const byClass = new Map<EvalClass, ClassScore>()
  const misses: Miss[] = []
  for (const c of cases) {
    const d = understand(c.text, { now: EVAL_NOW })
    const s = byClass.get(c.cls) ?? {
      cls: c.cls,
      right: 0,
      total: 0,
      recorded: 0,
      asked: 0,
      wrong: 0,
    }
    s.total++
    const right = isRight(c, d)
    if (right) s.right++
    else misses.push({ c, d })
    if (asks(d)) s.asked++
    if (NEVER_RECORDED.has(c.cls) && records(d)) s.recorded++
    if (!NEVER_RECORDED.has(c.cls) && !right && records(d)) s.wrong++
    byClass.set(c.cls, s)
  }
  return { classes: [...byClass.values()], misses }
}
