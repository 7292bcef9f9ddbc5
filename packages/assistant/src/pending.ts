import type { Decision } from './types.ts'

/**
 * Pending questions ('R$ 2 milhões? Responda sim', 'Foi hoje?', 'Registrar R$ 68,00 em
 * Outros?' for an unsure entry, and the server's 'Desfazer os 12 lançamentos…?'). The server keeps the question
 * (assistant_state); these rules decide what the next message does to it:
 * - only the very next message can answer: any message that is not a yes/no drops it;
 * - a yes/no after PENDING_WINDOW_MS means nothing: the question was dropped, so an 'ok' sent
 *   minutes and many messages later never records anything.
 */
export const PENDING_WINDOW_MS = 10 * 60 * 1000

export type PendingOutcome = 'answer' | 'drop'

/** What the message `decision` does to a question asked at `askedAt`. */
export function pendingOutcome(decision: Decision, askedAt: Date, now: Date): PendingOutcome {
  if (decision.kind !== 'confirm') return 'drop'
  const age = now.getTime() - askedAt.getTime()
  return age >= 0 && age <= PENDING_WINDOW_MS ? 'answer' : 'drop'
}
