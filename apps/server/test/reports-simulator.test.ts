import { type SimulatorConversation, saoPauloMonth } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, type TestClient } from './auth-client.ts'
import { recordEntries, setPlan } from './report-fixtures.ts'
import { useTestServer } from './use-test-database.ts'

/**
 * The simulator shows the PDF statement the assistant sends as a downloadable attachment: the
 * stored file, to its owner only.
 */
const server = useTestServer({ WORKER: 'on', TRUST_PROXY: 'x-forwarded-for' })

async function settled(client: TestClient, count: number) {
  let last: SimulatorConversation | undefined
  await expect
    .poll(
      async () => {
        last = (await (
          await client.request('/api/simulator/messages')
        ).json()) as SimulatorConversation
        return !last.pending && last.messages.length >= count
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true)
  return last as SimulatorConversation
}

describe('simulator documents', () => {
  it("'pdf deste mês' arrives as an attachment that downloads the statement", async () => {
    const { client, userId } = await signedInUser(server)
    await setPlan(server.database.pool, userId, 'pf_simples')
    const month = saoPauloMonth(new Date())
    await recordEntries(server.database.pool, userId, [
      {
        type: 'expense',
        cents: 4_590,
        description: 'padaria',
        category: 'alimentacao',
        on: `${month}-01`,
      },
    ])
    expect((await client.post('/api/simulator/messages', { text: 'pdf deste mês' })).status).toBe(
      202,
    )
    const conversation = await settled(client, 2)
    const reply = conversation.messages.at(-1)
    expect(reply?.from).toBe('assistant')
    expect(reply?.text).toContain('📄 Seu extrato de')
    expect(reply?.document?.filename).toBe(`equilibrai-${month}.pdf`)
    const url = reply?.document?.url ?? ''
    expect(url).toMatch(/^\/api\/simulator\/documents\/\d+$/)

    const file = await client.request(url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toContain(`equilibrai-${month}.pdf`)
    const bytes = new Uint8Array(await file.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')

    // Nobody else's, and nothing that is not an id.
    const other = await signedInUser(server)
    expect((await other.client.request(url)).status).toBe(404)
    expect((await client.request('/api/simulator/documents/abc')).status).toBe(404)
  })
})
