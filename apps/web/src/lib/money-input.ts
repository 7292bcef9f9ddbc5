import { MAX_ENTRY_CENTS } from '@equilibrai/shared'

/**
 * The amount field's mask: digits fill from the right, like a card machine — typing 4, 5, 9, 0
 * shows 0,04 → 0,45 → 4,59 → 45,90. It needs only the numeric keypad on a phone, and the value
 * is always whole centavos.
 */
const grouped = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** What the field shows for an amount in centavos (`123456` → `1.234,56`); empty for 0. */
export function formatAmountInput(cents: number): string {
  return cents > 0 ? grouped.format(cents / 100) : ''
}

/**
 * The centavos typed, from whatever the field now holds (a keystroke, a paste of
 * `R$ 1.234,56` or `1234,5`). Stops growing past the largest accepted entry's digit count.
 */
export function parseAmountInput(text: string): number {
  // A pasted amount with a comma and one decimal ('12,5') means 12,50.
  const pasted = /^\s*(?:R\$\s*)?([\d.]+),(\d)\s*$/.exec(text)
  const digits = (pasted ? `${pasted[1]}${pasted[2]}0` : text).replace(/\D/g, '').replace(/^0+/, '')
  const maxDigits = String(MAX_ENTRY_CENTS).length + 1
  const cents = Number(digits.slice(0, maxDigits) || '0')
  return Number.isSafeInteger(cents) ? cents : 0
}
