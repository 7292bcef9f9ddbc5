import { readTypedAmount } from '@equilibrai/shared'

/**
 * Amount fields read what a person types the way WhatsApp does (one reader, in
 * packages/shared): '23' is R$ 23,00, '1.500' is R$ 1.500,00, '23,5' is R$ 23,50, and a pasted
 * 'R$ 1.234,56' is itself. The field keeps the text as typed and shows what will be saved.
 */
const grouped = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** What the field shows for an amount in centavos (`123456` → `1.234,56`); empty for 0. */
export function formatAmountInput(cents: number): string {
  return cents > 0 ? grouped.format(cents / 100) : ''
}

/** The centavos in the field's text; 0 when it is empty or not an amount. */
export function parseAmountInput(text: string): number {
  return readTypedAmount(text) ?? 0
}
