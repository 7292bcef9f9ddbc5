import { describe, expect, it } from 'vitest'
import { ownCategory, whatsAppRig } from './whatsapp-kit.ts'

/*
 * Issue 26: a correction into a category of one's own ('mudar categoria do último para
 * Cachorro') moves the entry, names it in the reply and teaches its words (migration 037), so
 * the next 'ração' records into it; 'quanto gastei com Cachorro?' answers its total; deleting it
 * leaves the taught words in its default category. Through the signed webhook, the job queue and
 * the fake Meta, against a real PostgreSQL.
 */

const rig = whatsAppRig()

describe('a category of ones own learned from a correction', () => {
  it('moves the last entry, learns its words, answers its total and forgets it when deleted', async () => {
    const pool = rig.server.database.pool
    const person = await rig.person({ waId: '5511987650037' })
    const { client, ledgerId } = person
    const dog = await ownCategory(client, { name: 'Cachorro', emoji: '🐶', category: 'pets' })
    const say = async (text: string) => (await person.say(text)).text ?? ''
    const entries = async () =>
      (
        await pool.query(
          `select description, amount_cents, category, custom_category_id
             from transactions where ledger_id = $1 order by id`,
          [ledgerId],
        )
      ).rows
    const learned = async () =>
      (
        await pool.query(
          `select word, category, custom_category_id from learned_category_words
            where ledger_id = $1 order by word`,
          [ledgerId],
        )
      ).rows

    // Nothing taught yet: the built-in categoriser, the default category.
    await say('ração 95')
    const moved = await say('mudar categoria do último para Cachorro')
    expect(moved).toContain('*ração* agora está em *🐶 Cachorro*')
    expect(await learned()).toEqual([
      { word: 'racao', category: 'pets', custom_category_id: dog.id },
    ])

    // The taught word records into Cachorro; 'corrigir o último para Cachorro' moves another.
    expect(await say('ração 80')).toContain('🐶 Cachorro')
    await say('uber 30')
    expect(await say('corrigir o último para Cachorro')).toContain(
      '*uber* agora está em *🐶 Cachorro*',
    )
    expect(await entries()).toEqual([
      { description: 'ração', amount_cents: 9500, category: 'pets', custom_category_id: dog.id },
      { description: 'ração', amount_cents: 8000, category: 'pets', custom_category_id: dog.id },
      { description: 'uber', amount_cents: 3000, category: 'pets', custom_category_id: dog.id },
    ])

    // Questions about it: its own total, not the default category's.
    expect(await say('quanto gastei com Cachorro?')).toMatch(
      /^📊 \*🐶 Cachorro\* em .+: \*R\$ 205,00\* em 3 lançamentos\.$/,
    )
    expect(await say('quanto gastei em Cachorro esse mês')).toContain(
      '*R$ 205,00* em 3 lançamentos',
    )
    expect(await say('quanto gastei com cachorro semana passada')).toMatch(
      /^Nenhum lançamento em \*🐶 Cachorro\* de \d\d\/\d\d a \d\d\/\d\d\.$/,
    )

    // The LGPD export carries what was taught, custom category included.
    const exported = (await (await client.request('/api/me/export')).json()) as {
      records: { learned_category_words: { word: string; custom_category_id: number | null }[] }
    }
    expect(exported.records.learned_category_words).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ word: 'racao', custom_category_id: dog.id }),
        expect.objectContaining({ word: 'uber', custom_category_id: dog.id }),
      ]),
    )

    // Deleted: the taught words fall back to its default, and 'ração' records there.
    expect(
      (await client.request(`/api/v1/categories/${dog.id}`, { method: 'DELETE' })).status,
    ).toBe(204)
    expect(await learned()).toEqual([
      { word: 'racao', category: 'pets', custom_category_id: null },
      { word: 'uber', category: 'pets', custom_category_id: null },
    ])
    const after = await say('ração 50')
    expect(after).toContain('Pets')
    expect((await entries()).at(-1)).toEqual({
      description: 'ração',
      amount_cents: 5000,
      category: 'pets',
      custom_category_id: null,
    })
  })

  it('a correction to a default category afterwards forgets the custom one', async () => {
    const pool = rig.server.database.pool
    const person = await rig.person({ waId: '5511987650038' })
    const { client, ledgerId } = person
    const party = await ownCategory(client, { name: 'Festa junina' })
    const say = async (text: string) => (await person.say(text)).text ?? ''
    await say('gastei 40 com bandeirinhas')
    expect(await say('isso é festa junina')).toContain('*Festa junina*')
    expect(await say('bandeirinhas 25')).toContain('Festa junina')
    await say('mudar categoria do último para lazer')
    const { rows } = await pool.query(
      'select category, custom_category_id from learned_category_words where ledger_id = $1 and word = $2',
      [ledgerId, 'bandeirinhas'],
    )
    expect(rows).toEqual([{ category: 'lazer', custom_category_id: null }])
    const last = await pool.query(
      'select category, custom_category_id from transactions where ledger_id = $1 order by id',
      [ledgerId],
    )
    expect(last.rows).toEqual([
      { category: 'outros', custom_category_id: party.id },
      { category: 'lazer', custom_category_id: null },
    ])
  })
})
