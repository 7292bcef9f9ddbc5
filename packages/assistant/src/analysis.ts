import { type DateMatch, readDates } from './date-reader.ts'
import { type AmountMatch, readAmounts } from './money-reader.ts'
import { markBoletoLines, markPhones } from './phones.ts'
import { markTellVerbs } from './tell-verbs.ts'
import { foldAligned } from './normalize.ts'
import { type Token, tokenize } from './tokens.ts'

/**
 * One message read once: folded, tokenized, phones marked, dates and the amount found. The
 * order matters: phones and dates claim their numbers before the money reader looks, so
 * '15/11' and '98765-4321' can never be read as money.
 */
export type Analysis = {
  /** The message as typed, aligned character for character with `folded`. */
  original: string
  folded: string
  tokens: Token[]
  dates: DateMatch[]
  amount: AmountMatch | null
  /** Every number that could be money, in message order (the amount is one of them). */
  amounts: AmountMatch[]
}

/** Longer messages are not finance notes; reading them whole would only cost time. */
export const MAX_MESSAGE_LENGTH = 500

export function analyze(text: string): Analysis {
  const clipped = text.length > MAX_MESSAGE_LENGTH ? text.slice(0, MAX_MESSAGE_LENGTH) : text
  const { folded, aligned } = foldAligned(clipped)
  // Folding keeps length by construction; should some exotic character break that, cutting
  // descriptions from the folded text is the safe fallback.
  const original = aligned.length === folded.length ? aligned : folded
  const tokens = tokenize(folded)
  markPhones(tokens, folded)
  markBoletoLines(tokens, folded)
  markTellVerbs(tokens)
  const dates = readDates(tokens)
  const { best: amount, all: amounts } = readAmounts(tokens)
  return { original, folded, tokens, dates, amount, amounts }
}

/** Centavos of the amount in a message, or null when it holds no money (the money reader). */
export function parseAmount(text: string): number | null {
  if (typeof text !== 'string') return null
  return analyze(text).amount?.cents ?? null
}
