import { describe, expect, it } from 'vitest'
import { ownCategory, whatsAppRig } from './whatsapp-kit.ts'

/*
 * Issue 26: a category of one's own, created on the web (/api/v1/categories), is learned by the
 * assistant: a WhatsApp message naming it records into it, through the signed webhook, the
 * job queue and the reply.
 */

const rig = whatsAppRig()

describe('categories of ones own on WhatsApp', () => {
  it("records 'pet shop 80 em Cachorro' into Cachorro, and names it in the reply", async () => {
    const pool = rig.server.database.pool
    const { client, ledgerId, say } = await rig.person({ waId: '5511987650026' })
    const dog = await ownCategory(client, { name: 'Cachorro', emoji: '🐶', category: 'pets' })
    const partyId = (await ownCategory(client, { name: 'Festa junina' })).id

    const reply = await say('pet shop 80 em Cachorro')
    expect(reply?.text).toContain('pet shop · 🐶 Cachorro')

    await say('gastei 45,90 com bandeirinhas na festa junina')
    // Without a custom category named, the built-in categoriser as before.
    await say('ração 120')

    const { rows } = await pool.query(
      `select description, amount_cents, category, custom_category_id
         from transactions where ledger_id = $1 order by id`,
      [ledgerId],
    )
    expect(rows).toEqual([
      { description: 'pet shop', amount_cents: 8000, category: 'pets', custom_category_id: dog.id },
      {
        description: 'bandeirinhas',
        amount_cents: 4590,
        category: 'outros',
        custom_category_id: partyId,
      },
      { description: 'ração', amount_cents: 12000, category: 'pets', custom_category_id: null },
    ])
  })
})
