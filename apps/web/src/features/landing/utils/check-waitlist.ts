/**
 * A hand-written mirror of `waitlistSchema` in @equilibrai/shared, same rules and messages.
 *
 * Why not the schema itself: it lives in a module that builds zod schemas at load time, and
 * zod (~15 KB gzip) would push the landing page over its JavaScript budget. The server parses
 * the request with the real schema and stays the authority; this only spares a round trip.
 * check-waitlist.test.ts holds the two to the same verdict and message on a table of inputs.
 */
export type WaitlistField = 'nome' | 'whatsapp' | 'email'

/** zod's own e-mail pattern (z.email()), so both sides accept the same addresses. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export function checkWaitlist(values: {
  nome: string
  whatsapp: string
  email: string
}): { field: WaitlistField; message: string } | null {
  if (values.nome.trim().length > 100) {
    return { field: 'nome', message: 'Nome deve ter no máximo 100 caracteres' }
  }
  const digits = values.whatsapp.replace(/\D/g, '')
  if (digits.length < 10) return { field: 'whatsapp', message: 'WhatsApp deve ter DDD e número' }
  if (digits.length > 13) {
    return { field: 'whatsapp', message: 'WhatsApp deve ter no máximo 13 dígitos' }
  }
  const email = values.email.trim()
  if (email && !EMAIL.test(email)) return { field: 'email', message: 'Email inválido' }
  return null
}
