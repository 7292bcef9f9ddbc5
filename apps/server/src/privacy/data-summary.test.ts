import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * Issue 26: the LGPD export's readable summary (GET /api/me/export/summary), beside the JSON:
 * who, plan, counts, accounts, last entries, consents and connections, in pt-BR, as an HTML
 * download that shows what the person typed as text, never as markup.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

/** The page's text as a reader sees it: tags out, entities back, spaces folded. */
function visibleText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
}

describe('GET /api/me/export/summary', () => {
  it('answers 401 without a session', async () => {
    expect((await new TestClient(server).request('/api/me/export/summary')).status).toBe(401)
  })

  it('sums up the person, plan, counts, accounts, last entries, consents and connections', async () => {
    const u = await signedInUser(server, { name: 'Joana Padeira' })
    const pool = server.database.pool
    await pool.query("update subscribers set plan_type = 'pf_simples' where user_id = $1", [
      u.userId,
    ])
    const card = await u.client.post('/api/v1/accounts', {
      name: 'Cartão Roxo',
      kind: 'credit_card',
      closing_day: 3,
      due_day: 10,
    })
    expect(card.status).toBe(201)
    const dog = await u.client.post('/api/v1/categories', {
      name: 'Cachorro',
      emoji: '🐶',
      category: 'pets',
    })
    const dogId = ((await dog.json()) as { id: number }).id
    const entries = [
      {
        type: 'income',
        amount_cents: 300000,
        description: 'Salário',
        category: 'salario',
        occurred_on: '2026-11-05',
      },
      {
        type: 'expense',
        amount_cents: 4590,
        description: 'Mercado <b>do</b> mês & cia',
        category: 'mercado',
        occurred_on: '2026-11-10',
      },
      {
        type: 'expense',
        amount_cents: 8000,
        description: 'Pet shop',
        category: 'outros',
        custom_category_id: dogId,
        occurred_on: '2026-11-11',
      },
    ]
    for (const e of entries)
      expect((await u.client.post('/api/v1/transactions', e)).status).toBe(201)
    const off = await u.client.request('/api/v1/notification-settings', {
      method: 'PATCH',
      json: { weekly_report: false },
    })
    expect(off.status).toBe(200)

    const res = await u.client.request('/api/me/export/summary')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="equilibrai-meus-dados-\d{4}-\d{2}-\d{2}\.html"$/,
    )
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toMatch(/^<!doctype html>\n<html lang="pt-BR">/)
    // Text typed by the person is text, never markup.
    expect(html).not.toContain('<b>do</b>')
    expect(html).toContain('Mercado &lt;b&gt;do&lt;/b&gt; mês &amp; cia')

    const page = visibleText(html)
    expect(page).toContain('Quem é você Nome Joana Padeira')
    expect(page).toContain(`E-mail ${u.email}`)
    expect(page).toContain('Plano Pessoa Física')
    expect(page).toContain('Lançamentos 3')
    expect(page).toContain('Contas e cartões 2')
    expect(page).toContain('Categorias próprias 1')
    expect(page).toContain('Conta principal Conta corrente Sim Não')
    expect(page).toContain('Cartão Roxo Cartão de crédito Não Não')
    // Newest first, with the category of one's own and the sign of the money.
    expect(page).toContain(
      '11/11/2026 Pet shop 🐶 Cachorro Despesa -R$ 80,00 10/11/2026 Mercado <b>do</b> mês & cia Mercado Despesa -R$ 45,90 05/11/2026 Salário Salário Receita R$ 3.000,00',
    )
    expect(page).toContain('Relatório semanal Não')
    expect(page).toContain('Relatório mensal Sim')
    expect(page).toContain('Mensagens do assistente no WhatsApp Não')
    expect(page).toContain('Entrada E-mail e senha')
    // Nothing secret in it.
    expect(html).not.toMatch(/password|token_hash|key_hash/i)
  })
})
