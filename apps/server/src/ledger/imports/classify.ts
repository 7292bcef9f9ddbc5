import { MAX_DESCRIPTION_LENGTH } from '@equilibrai/shared'
import type { StatementRow } from './statement.ts'

/** A card bill being paid: a transfer between the person's own accounts (§9), never spending. */
const BILL_PAYMENT =
  /\b(pagamento (de |da )?fatura|pagamento recebido|pgto\.? (de )?fatura|pag\.? fatura|pagto\.? fatura|fatura (do )?cart[aã]o|pagamento cart[aã]o|pagamento de cart[aã]o)/i

export function isBillPayment(description: string): boolean {
  return BILL_PAYMENT.test(description)
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f]+/g

/** One line, no control characters, at most MAX_DESCRIPTION_LENGTH characters. */
export function cleanDescription(raw: string): string {
  const text = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  return (text || 'Sem descrição').slice(0, MAX_DESCRIPTION_LENGTH)
}

/**
 * A row from its signed amount as the account sees it (negative: money out). A bill payment is
 * a transfer; a refund or anything else coming in is income. Zero rows are dropped (null).
 */
export function toRow(
  date: string,
  rawDescription: string,
  signedCents: number,
  fitid: string | null,
): StatementRow | null {
  if (signedCents === 0) return null
  const description = cleanDescription(rawDescription)
  const type = isBillPayment(description) ? 'transfer' : signedCents < 0 ? 'expense' : 'income'
  return { date, description, amount_cents: Math.abs(signedCents), type, fitid: fitid || null }
}
