/**
 * Money is an integer number of centavos everywhere inside the system. It is turned into text
 * only at the edges (replies, pages), always the Brazilian way: `R$ 1.234,56`.
 */
export type Cents = number

/** R$ 1.000.000,00: the largest single entry accepted without confirmation. */
export const MAX_ENTRY_CENTS: Cents = 100_000_000

const brl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** `formatBRL(123456)` → `R$ 1.234,56`; negative amounts as `-R$ 12,00`. */
export function formatBRL(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  return `${sign}R$ ${brl.format(Math.abs(cents) / 100)}`
}

/** Reais as they come from a price column (`19.9`, `"19.90"`) to centavos, without float drift. */
export function reaisToCents(reais: number | string): Cents {
  const text = typeof reais === 'number' ? reais.toFixed(2) : reais.trim()
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) throw new RangeError(`valor inválido: ${text}`)
  const [, sign = '', whole = '0', frac = ''] = match
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  return sign === '-' ? -cents : cents
}

export function centsToReais(cents: Cents): number {
  return Math.round(cents) / 100
}
