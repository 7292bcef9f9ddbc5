import type { SupportRequest } from '@equilibrai/shared'
import { type Db, queueEmail, withTransaction } from '../platform/index.ts'
import { supportAnswerEmail } from './support-emails.ts'
import { answerSupportRequest } from './support.queries.ts'

/**
 * An admin answers a request: the answer is stored and the person's e-mail queued in one
 * transaction (ADR 020), so an answer recorded is an answer mailed, and SMTP never holds up
 * or fails the admin's request.
 */
export async function answerAndNotify(
  db: Db,
  params: { id: number; answer: string; adminId: string; publicUrl: string },
): Promise<SupportRequest> {
  return withTransaction(db, async (tx) => {
    const { email, name: _name, ...request } = await answerSupportRequest(tx, params)
    await queueEmail(tx, {
      to: email,
      kind: 'support-answer',
      content: supportAnswerEmail({
        answer: params.answer,
        link: `${params.publicUrl}/dashboard#suporte`,
      }),
    })
    return request
  })
}
