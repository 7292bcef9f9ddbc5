import { describe, expect, it } from 'vitest'
import { createAccount } from '../src/ledger/index.ts'
import { whatsAppRig } from './whatsapp-kit.ts'

/**
 * Issue 21 through the real webhook, jobs and sender: 'Em qual conta?' goes out with one reply
 * button per account (up to three), and the button reply records the entry on that account.
 */
const rig = whatsAppRig()

describe('accounts on WhatsApp', () => {
  it('asks which account with buttons; the button reply records on it, nothing before', async () => {
    const pool = rig.server.database.pool
    const { ledgerId, say } = await rig.person({ waId: '5511987659201' })
    const card = await createAccount(pool, {
      ledgerId,
      input: { name: 'Nubank', kind: 'credit_card', closing_day: 10, due_day: 17 },
    })

    const asked = await say('gastei 80 no bradesco')
    expect(asked?.type).toBe('interactive')
    expect(asked?.text).toContain('Não encontrei a conta *bradesco*')
    expect(asked?.body).toMatchObject({
      interactive: {
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'choice_1', title: 'Conta principal' } },
            { type: 'reply', reply: { id: 'choice_2', title: 'Nubank' } },
          ],
        },
      },
    })
    const entries = () =>
      pool.query<{ amount_cents: number; account_id: number }>(
        'select amount_cents, account_id from transactions where ledger_id = $1',
        [ledgerId],
      )
    expect((await entries()).rows).toEqual([])

    const recorded = await say({ button: { id: 'choice_2', title: 'Nubank' } })
    expect(recorded?.text).toMatch(/R\$ 80,00\* anotado/)
    expect((await entries()).rows).toEqual([{ amount_cents: 8000, account_id: card.id }])
  })
})
