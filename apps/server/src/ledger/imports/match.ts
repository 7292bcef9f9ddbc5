/*
 * Matching a statement's rows with entries the person typed (ARCHITECTURE §10): same type and
 * amount, dates at most 3 days apart; the closest date wins, then the closest description; one
 * entry matches at most one row. Pure.
 */

export const MATCH_DAYS = 3

export type MatchRow = {
  ord: number
  date: string
  amount_cents: number
  type: string
  description: string
}
export type TypedEntry = {
  id: number
  occurred_on: string
  amount_cents: number
  type: string
  description: string
}
export type Match = { transactionId: number; review: boolean }

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS

function words(text: string): Set<string> {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  return new Set(folded.split(/[^a-z0-9]+/).filter((w) => w.length > 1))
}

/** 0..1: how much two descriptions share (a word of one inside a word of the other counts). */
export function descriptionSimilarity(a: string, b: string): number {
  const wa = words(a)
  const wb = words(b)
  if (wa.size === 0 || wb.size === 0) return 0
  let shared = 0
  for (const x of wa) {
    for (const y of wb) {
      if (x === y || (x.length > 3 && y.includes(x)) || (y.length > 3 && x.includes(y))) {
        shared++
        break
      }
    }
  }
  return shared / Math.min(wa.size, wb.size)
}

/** Row ord → the typed entry it is. Certain only when on the same day with a like description. */
export function matchRows(
  rows: readonly MatchRow[],
  entries: readonly TypedEntry[],
): Map<number, Match> {
  const byKey = new Map<string, TypedEntry[]>()
  for (const e of entries) {
    const key = `${e.type}|${e.amount_cents}`
    const list = byKey.get(key)
    if (list) list.push(e)
    else byKey.set(key, [e])
  }
  const pairs: { ord: number; id: number; days: number; similarity: number }[] = []
  for (const row of rows) {
    const list = byKey.get(`${row.type}|${row.amount_cents}`)
    if (!list) continue
    const day = dayNumber(row.date)
    for (const e of list) {
      const days = Math.abs(dayNumber(e.occurred_on) - day)
      if (days > MATCH_DAYS) continue
      pairs.push({
        ord: row.ord,
        id: e.id,
        days,
        similarity: descriptionSimilarity(row.description, e.description),
      })
    }
  }
  pairs.sort(
    (a, b) => a.days - b.days || b.similarity - a.similarity || a.id - b.id || a.ord - b.ord,
  )
  const matches = new Map<number, Match>()
  const taken = new Set<number>()
  for (const p of pairs) {
    if (matches.has(p.ord) || taken.has(p.id)) continue
    taken.add(p.id)
    matches.set(p.ord, { transactionId: p.id, review: p.days > 0 || p.similarity < 0.5 })
  }
  return matches
}
