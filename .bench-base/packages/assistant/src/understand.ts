import { MAX_MESSAGE_LENGTH, analyze } from './analysis.ts'
import { readCommand } from './commands.ts'
import { isBill, readBill, readEntry } from './entry.ts'
import type { AssistantContext, Decision } from './types.ts'

/**
 * Understands one WhatsApp message. Pure: the same text and context always give the same
 * decision, and no input makes it throw — a message it cannot place is `not_understood`.
 * Commands are tried first, then due-date reminders, then entries.
 */
export function understand(text: string, ctx: AssistantContext): Decision {
  if (typeof text !== 'string' || text.length > MAX_MESSAGE_LENGTH)
    return { kind: 'not_understood' }
  const a = analyze(text)
  if (a.tokens.length === 0) return { kind: 'not_understood' }
  const command = readCommand(a, ctx)
  if (command) return command
  if (isBill(a.tokens)) return readBill(a, ctx)
  return readEntry(a, ctx)
}
