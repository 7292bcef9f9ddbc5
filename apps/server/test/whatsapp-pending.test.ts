import { describe, expect, it } from 'vitest'
import { whatsAppRig } from './whatsapp-kit.ts'

/**
 * Issue 11 through the real webhook, jobs and sender: questions with Sim/Não go out as buttons,
 * and an audio between the question and the 'sim' drops the question.
 */
const rig = whatsAppRig()

async function entriesOf(userId: string): Promise<number> {
  const { rows } = await rig.server.database.pool.query<{ n: number }>(
    `select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = $1`,
    [userId],
  )
  return rows[0]?.n ?? -1
}

describe('pending questions on WhatsApp', () => {
  it('asks about a date to come with buttons, and an audio in between drops the question', async () => {
    const { userId, say } = await rig.person({ waId: '5511987659101' })

    const asked = await say('mercado 200 amanhã')
    expect(asked?.type).toBe('interactive')
    expect(asked?.text).toContain('Foi hoje?')

    await say({ type: 'audio' })
    const answer = await say('sim')
    expect(answer?.text).toMatch(/Não há nada esperando/)
    expect(await entriesOf(userId)).toBe(0)
  })

  it('asks about an unsure entry with buttons and records it on sim (issue 24)', async () => {
    const { userId, say } = await rig.person({ waId: '5511987659102' })

    const asked = await say('flanelinha 5')
    expect(asked?.type).toBe('interactive')
    expect(asked?.text).toContain('Registrar *R$ 5,00* em *Outros*?')
    expect(await entriesOf(userId)).toBe(0)

    await say('sim')
    expect(await entriesOf(userId)).toBe(1)
  })
})
