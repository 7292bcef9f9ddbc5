import { FALLBACK_CATEGORY, type IsoDate, MAX_ENTRY_CENTS } from '@equilibrai/shared'
import type { Analysis } from './analysis.ts'
import { findCategory, typeFromWords, wordSeq } from './categorize.ts'
import { addMonthsClamped, resolveDate, saoPauloToday } from './dates.ts'
import { describe, statedType } from './entry.ts'
import { NUM, Role, type Token, WORD, setRoleAt, wordAt } from './tokens.ts'
import type { AssistantContext, Decision, EntryDraft, InstallmentPlan } from './types.ts'

/**
 * Purchases in installments: 'comprei uma TV de 2.400 em 12x', 'parcelei 1.200 em 6 vezes',
 * '3x de 100', 'celular em 12 parcelas de 150'. The first installment falls on the purchase
 * day, the others on the same day of the following months (the month's last day when it is
 * shorter); the total is split exactly in centavos, the first installments taking the
 * remainder (R$ 1.000 in 3x: 333,34 + 333,33 + 333,33).
 */

export const MAX_INSTALLMENTS = 72

const COUNT_UNITS = new Set(['x', 'vezes', 'parcelas', 'prestacoes'])
// After 'Nx', what keeps it an installment count: '3x de 100', '12x sem juros', '10x no
// cartão', the end. Anything else is a quantity: '2x pastel 12' is two pastries.
const AFTER_X = new Set(['', 'de', 'sem', 'no', 'na', 'pelo', 'pela', 'com'])
// Words about paying in installments that belong to no description.
const INSTALLMENT_WORDS = new Set([
  'parcelei',
  'parcelado',
  'parcelada',
  'parcelamos',
  'parcelou',
  'parcelar',
  'sem',
  'juros',
  'em',
])

type Marker = { count: number; at: number; unit: number }

/** 'N x', 'Nx', 'N vezes', 'N parcelas': the installment count and where it is. */
function findMarker(tokens: readonly Token[]): Marker | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined || t.kind !== NUM || t.text.length > 2) continue
    const unit = wordAt(tokens, i + 1)
    if (!COUNT_UNITS.has(unit) || !/^\d{1,2}$/.test(t.text)) continue
    if (unit === 'x' && wordAt(tokens, i - 1) !== 'em' && !AFTER_X.has(wordAt(tokens, i + 2)))
      continue
    // '12 x 35' is a product and '2x0' a score; those were read as not money already.
    if (tokens[i + 2]?.kind === NUM) continue
    const count = Number(t.text)
    if (count >= 2 && count <= MAX_INSTALLMENTS) return { count, at: i, unit: i + 1 }
  }
  return null
}

/** Splits `total` centavos in `count` parts that differ by at most one centavo, larger first. */
export function splitCents(total: number, count: number): number[] {
  const base = Math.floor(total / count)
  const rest = total - base * count
  return Array.from({ length: count }, (_, k) => base + (k < rest ? 1 : 0))
}

/** The installments, or null when the message is no purchase in installments. */
export function readInstallments(a: Analysis, ctx: AssistantContext): Decision | null {
  const { tokens, amount } = a
  if (amount === null || amount.cents === 0 || amount.sign !== 0) return null
  const marker = findMarker(tokens)
  if (marker === null) return null
  // 'Nx de 100', 'N parcelas de 150': the amount is one installment's.
  const perInstallment =
    wordAt(tokens, marker.unit + 1) === 'de' && amount.first === marker.unit + 2
  const total = perInstallment ? amount.cents * marker.count : amount.cents
  const parts = splitCents(total, marker.count)
  if ((parts[0] ?? 0) === 0 || (parts[0] ?? 0) > MAX_ENTRY_CENTS) return null

  const date = a.dates[0]
  // A purchase still to come is a plan; the entry reader asks about it.
  if (date?.ahead) return null
  const today = saoPauloToday(ctx.now)
  const first: IsoDate | null =
    date === undefined ? today : date.expr ? resolveDate(date.expr, today, 'backward') : null
  if (first === null) return null

  setRoleAt(tokens, marker.at, Role.FILLER)
  setRoleAt(tokens, marker.unit, Role.FILLER)
  for (const t of tokens) if (t.kind === WORD && INSTALLMENT_WORDS.has(t.text)) t.role = Role.FILLER
  const stated = statedType(a)
  // 'recebi 2 parcelas de 500' is money in now, not a purchase spread over months.
  if (stated === 'income') return null
  const seq = wordSeq(tokens, a.original)
  const type = stated ?? typeFromWords(seq, ctx.learnedWords)
  const match = findCategory(seq, type, ctx.learnedWords)
  const description =
    describe(a, match) || (type === 'income' ? 'venda parcelada' : 'compra parcelada')
  // Nobody pays a utility bill in installments: 'celular em 12x' is the phone, not its plan.
  const found = match?.category ?? FALLBACK_CATEGORY[type]
  const category = found === 'contas_casa' ? 'compras' : found
  const entries: EntryDraft[] = parts.map((cents, k) => ({
    type,
    amount_cents: cents,
    description: `${description} (${k + 1}/${marker.count})`,
    category,
    occurred_on: addMonthsClamped(first, k),
  }))
  const plan: InstallmentPlan = {
    description,
    category,
    type,
    total_cents: total,
    count: marker.count,
    entries,
  }
  return { kind: 'installments', plan }
}
