import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../test/auth-client.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * Issue 25 (low): an admin's LGPD export (GET /api/me/export) held the whole support requests
 * they had answered — other customers' subjects, messages and ids. It holds what is the
 * admin's: the answers they wrote, and nothing of the customer.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

describe("an admin's data export", () => {
  it('holds the answers the admin wrote, not the customers’ requests', async () => {
    const customer = await signedInUser(server, { name: 'Cliente Sigilosa' })
    const admin = await signedInUser(server, { name: 'Ana Admin' })
    await setAdmin(server.database.pool, admin.email, true)
    const { rows } = await server.database.pool.query<{ id: string }>(
      `insert into support_requests (user_id, subject, message, plan_type, tier, source)
       values ($1, 'Cobrança indevida', 'Meu CPF 123.456.789-00 foi cobrado duas vezes', 'empresas_15', 0, 'web')
       returning id`,
      [customer.userId],
    )
    const id = rows[0]?.id
    const answered = await admin.client.request(`/api/admin/support/requests/${id}`, {
      method: 'PATCH',
      json: { answer: 'Estornamos a segunda cobrança.' },
    })
    expect(answered.status).toBe(200)

    const res = await admin.client.request('/api/me/export')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toContain('Estornamos a segunda cobrança.')
    for (const leak of [
      'Cobrança indevida',
      '123.456.789-00',
      customer.userId,
      customer.email,
      'Cliente Sigilosa',
    ]) {
      expect(text, leak).not.toContain(leak)
    }

    // The customer's own export still has the whole request and its answer.
    const own = await (await customer.client.request('/api/me/export')).text()
    expect(own).toContain('Cobrança indevida')
    expect(own).toContain('Estornamos a segunda cobrança.')
  })
})
