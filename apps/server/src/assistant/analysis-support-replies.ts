import { businessReplies, understandBusiness } from '@equilibrai/assistant/analysis-support'
import { SUPPORT_TIER_LABELS, saoPauloDate } from '@equilibrai/shared'
import { analyzeLedger } from '../analysis/index.ts'
import { type Queryable, ConflictError } from '../platform/index.ts'
import { featureUpsellText, ownerHasFeature, type LedgerRef } from '../tenancy/index.ts'
import { openSupportRequest } from '../support/index.ts'
import type { HandleMessageInput } from './assistant-service.ts'

/** Subject of requests opened from WhatsApp ('falar com atendente'). */
export const WHATSAPP_SUPPORT_SUBJECT = 'Pedido de atendimento pelo WhatsApp'

/**
 * The business plans' WhatsApp commands ('análise', 'projeção', 'falar com atendente'), tried
 * before the general understanding; null when the message is none of them. Runs in the
 * message's transaction, on the ledger the person works in (a team member's: the team's).
 */
export async function businessReply(
  tx: Queryable,
  input: HandleMessageInput & { ledger: LedgerRef },
): Promise<string | null> {
  const intent = understandBusiness(input.text)
  if (!intent) return null
  if (intent.kind === 'support') {
    try {
      const request = await openSupportRequest(tx, {
        userId: input.userId,
        ownerId: input.ledger.ownerId,
        subject: WHATSAPP_SUPPORT_SUBJECT,
        message: intent.message.slice(0, 5000),
        source: 'whatsapp',
      })
      return businessReplies.supportOpened(request.id, SUPPORT_TIER_LABELS[request.tier])
    } catch (error) {
      if (error instanceof ConflictError) return businessReplies.supportLimit()
      throw error
    }
  }
  const feature = 'análise_avançada'
  if (!(await ownerHasFeature(tx, { ownerId: input.ledger.ownerId, feature })))
    return featureUpsellText(tx, { feature, publicUrl: input.publicUrl })
  const analysis = await analyzeLedger(tx, {
    ledgerId: input.ledger.ledgerId,
    months: 1,
    today: saoPauloDate(input.now),
  })
  const current = analysis.months.at(-1)
  const view = {
    month: analysis.projection.month,
    days_elapsed: analysis.projection.days_elapsed,
    days_in_month: analysis.projection.days_in_month,
    income_cents: current?.income_cents ?? 0,
    expense_cents: current?.expense_cents ?? 0,
    projection: analysis.projection,
    movers: analysis.movers,
  }
  return intent.kind === 'projection'
    ? businessReplies.projection(view)
    : businessReplies.analysis(view, input.publicUrl)
}
