import { firstIssueMessage, waitlistSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { checkWaitlist } from './check-waitlist'

/*
 * The landing page checks the waitlist form by hand (zod would break its byte budget); the
 * server parses it with the shared schema. Both must agree on every input: the same verdict and
 * the same first message. An empty name is the browser's to refuse (`required`), so the table
 * starts from a name.
 */
const CASES: Array<{ nome: string; whatsapp: string; email: string }> = [
  { nome: 'Ana', whatsapp: '(11) 98765-4321', email: '' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana@exemplo.com.br' },
  { nome: 'Ana', whatsapp: '(11) 3456-7890', email: 'ANA@Exemplo.com' },
  { nome: 'Ana', whatsapp: '+55 11 98765-4321', email: '' },
  { nome: 'Ana', whatsapp: '5511987654321', email: '' },
  { nome: 'Ana', whatsapp: '55119876543210', email: '' },
  { nome: 'Ana', whatsapp: '(11) 9876-543', email: '' },
  { nome: 'Ana', whatsapp: '123', email: '' },
  { nome: 'Ana', whatsapp: '', email: '' },
  { nome: 'Ana', whatsapp: 'abc', email: '' },
  { nome: 'x'.repeat(100), whatsapp: '11987654321', email: '' },
  { nome: 'x'.repeat(101), whatsapp: '11987654321', email: '' },
  { nome: `  ${'x'.repeat(100)}  `, whatsapp: '11987654321', email: '' },
  { nome: 'x'.repeat(101), whatsapp: '1', email: 'nada' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana@' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana@exemplo' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana@exemplo.c' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana maria@exemplo.com' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana@@exemplo.com' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana.maria+vip@exemplo.com.br' },
  { nome: 'Ana', whatsapp: '12', email: 'ana' },
  { nome: 'Ana', whatsapp: '11987654321', email: '.ana@exemplo.com' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana..maria@exemplo.com' },
  { nome: 'Ana', whatsapp: '11987654321', email: 'ana@-exemplo.com' },
]

describe('the landing’s waitlist check', () => {
  it.each(CASES)('agrees with the shared schema on %o', (values) => {
    const schema = waitlistSchema.safeParse({
      nome: values.nome,
      whatssapp: values.whatsapp,
      email: values.email.trim(),
    })
    const expected = schema.success ? null : firstIssueMessage(schema.error)
    expect(checkWaitlist(values)?.message ?? null).toBe(expected)
  })
})
