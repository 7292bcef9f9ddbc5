import { MAX_MESSAGE_LENGTH, analyze } from './analysis.ts'
import { readCommand } from './commands.ts'
import { weigh } from './confidence.ts'
import { customCategoryMention, withCustomCategory } from './custom-category.ts'
import { entryMentionOf, onMentionedAccount } from './entry-account.ts'
import { isBill, readBill, readEntry } from './entry.ts'
import { readInstallments } from './installments.ts'
import { readItems } from './items.ts'
import { notificationDecision } from './bank-notification.ts'
import { readNotEntry } from './not-entry.ts'
import { readPlanning } from './bills-recurring-budgets.ts'
import { readAccountIntent } from './transfer-intents.ts'
import type { AssistantContext, Decision } from './types.ts'

/**
 * Understands one WhatsApp message. Pure: the same text and context always give the same
 * decision, and no input makes it throw — a message it cannot place is `not_understood`.
 * Order: a forwarded bank notification (bank-notification.ts), then commands (a question the
 * assistant can answer is answered), then what must never be recorded (questions, plans, sums: not-entry.ts), due-date reminders, purchases in
 * installments, several items, and last a single entry. With the ledger's accounts, transfers and
 * card bills come right after the commands, and an entry's account phrase is read before it.
 */
export function understand(text: string, ctx: AssistantContext): Decision {
  if (typeof text !== 'string') return { kind: 'not_understood' }
  // A forwarded bank notification (an e-mail's may be long) is read first: bank-notification.ts.
  const notification = notificationDecision(text, ctx)
  if (notification) return notification
  if (text.length > MAX_MESSAGE_LENGTH) return { kind: 'not_understood' }
  const a = analyze(text)
  if (a.tokens.length === 0) return { kind: 'not_understood' }
  // The analysis read the whole text (it is no longer than MAX_MESSAGE_LENGTH): its fold is reused.
  const planning = readPlanning(text, ctx, a.folded)
  if (planning) return { kind: 'planning', planning }
  const command = readCommand(a, ctx)
  if (command) return command
  // Transfers, investments, withdrawals, card bills: only with the ledger's accounts.
  const accounts = ctx.accounts
  const moved = accounts ? readAccountIntent(a, ctx, accounts) : null
  if (moved) return moved
  const bill = isBill(a.tokens)
  const notEntry = readNotEntry(a, bill)
  if (notEntry) return notEntry
  if (bill) return readBill(a, ctx)
  // 'gastei 80 no nubank': the account phrase is read (and kept out of the description) first.
  const mention = accounts ? entryMentionOf(a, accounts) : null
  // 'pet shop 80 em Cachorro': a category of one's own, read (and its phrase kept out of the
  // description) before the entry too.
  const custom = ctx.customCategories ? customCategoryMention(a, ctx.customCategories) : null
  // How sure it is decides between recording, asking and nothing (confidence.ts).
  const read = weigh(a, readInstallments(a, ctx) ?? readItems(a, ctx) ?? readEntry(a, ctx))
  const entry = custom ? withCustomCategory(read, custom) : read
  return mention ? onMentionedAccount(entry, mention) : entry
}
