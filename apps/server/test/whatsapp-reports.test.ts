import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { saoPauloMonth } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { recordEntries } from './report-fixtures.ts'
import { whatsAppRig } from './whatsapp-kit.ts'

/**
 * Report commands over the real WhatsApp path (webhook → inbox → job → assistant → sender →
 * the fake Graph API): 'relatório' texts, the plan gate with its upsell, and 'pdf' as a media
 * upload followed by a document message.
 */
const rig = whatsAppRig({ TRUST_PROXY: 'x-forwarded-for' })
const linkedPerson = (plan: string) => rig.person({ plan, name: 'Ana Luísa Prado' })

/** A day of the current and of the previous São Paulo month. */
function months() {
  const current = saoPauloMonth(new Date())
  const [y, m] = current.split('-').map(Number) as [number, number]
  const previous = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
  return { current, previous }
}

describe('WhatsApp report commands', () => {
  it("'relatório' answers this month's totals, top categories and the change", async () => {
    const { userId, say } = await linkedPerson('pf_simples')
    const { current, previous } = months()
    await recordEntries(rig.server.database.pool, userId, [
      {
        type: 'income',
        cents: 500_000,
        description: 'salário',
        category: 'salario',
        on: `${current}-01`,
      },
      {
        type: 'expense',
        cents: 123_456,
        description: 'jantar',
        category: 'alimentacao',
        on: `${current}-01`,
      },
      {
        type: 'expense',
        cents: 30_000,
        description: 'feira',
        category: 'mercado',
        on: `${current}-01`,
      },
      {
        type: 'expense',
        cents: 10_000,
        description: 'restaurante',
        category: 'alimentacao',
        on: `${previous}-10`,
      },
    ])
    const reply = await say('relatório')
    expect(reply.type).toBe('text')
    expect(reply.text).toContain('📊 *Relatório de')
    expect(reply.text).toContain('Saídas: R$ 1.534,56')
    expect(reply.text).toContain('1. Alimentação: R$ 1.234,56 (80%)')
    expect(reply.text).toContain('2. Mercado: R$ 300,00 (20%)')
    expect(reply.text).toContain('gastos R$ 1.434,56 a mais')

    const week = await say('relatório da semana')
    expect(week.text).toContain('🗓️ *Relatório da semana*')
  })

  it("a free plan gets the upsell for reports and the PDF, while 'resumo' keeps working", async () => {
    const { say } = await linkedPerson('free')
    const report = await say('relatório')
    expect(report.text).toContain('Os relatórios básicos não fazem parte do seu plano.')
    expect(report.text).toContain('*Pessoa Física*')
    expect(report.text).toContain('/dashboard#planos')
    const pdf = await say('pdf')
    expect(pdf.type).toBe('text')
    expect(pdf.text).toContain('A exportação em PDF não faz parte do seu plano.')
    expect(rig.fake.media).toHaveLength(0)
    const summary = await say('resumo')
    expect(summary.text).not.toMatch(/não fazem? parte do seu plano/)
  })

  it("'pdf' uploads last month's statement and sends it as a document", async () => {
    const { userId, say } = await linkedPerson('pf_simples')
    const { previous } = months()
    await recordEntries(rig.server.database.pool, userId, [
      {
        type: 'expense',
        cents: 123_456,
        description: 'almoço de família',
        category: 'alimentacao',
        on: `${previous}-15`,
      },
    ])
    const reply = await say('pdf')
    expect(reply.type).toBe('document')
    const document = reply.body.document as { id: string; filename: string; caption: string }
    expect(document.filename).toBe(`equilibrai-${previous}.pdf`)
    expect(document.caption).toContain('📄 Seu extrato de')
    expect(rig.fake.media).toHaveLength(1)
    const media = rig.fake.media[0]
    expect(media).toMatchObject({
      id: document.id,
      type: 'application/pdf',
      filename: document.filename,
    })
    const dir = mkdtempSync(join(tmpdir(), 'equilibrai-wa-pdf-'))
    writeFileSync(join(dir, 'x.pdf'), media?.bytes ?? new Uint8Array())
    const text = execFileSync('pdftotext', [join(dir, 'x.pdf'), '-'], { encoding: 'utf8' })
    expect(text).toContain('Ana Luísa Prado')
    expect(text).toContain('Alimentação')
    expect(text).toContain('R$ 1.234,56')
  })

  it('a failed upload is retried and the document goes out once', async () => {
    const { userId, waId, say } = await linkedPerson('pf_simples')
    const { current } = months()
    await recordEntries(rig.server.database.pool, userId, [
      {
        type: 'expense',
        cents: 990,
        description: 'café',
        category: 'alimentacao',
        on: `${current}-01`,
      },
    ])
    rig.fake.failNext({ status: 500 })
    const reply = await say('pdf deste mês')
    expect(reply.type).toBe('document')
    expect(rig.fake.media).toHaveLength(1)
    expect(rig.fake.sentTo(waId).filter((m) => m.type === 'document')).toHaveLength(1)
  })

  it('a month without entries gets a text instead of an empty statement', async () => {
    const { say } = await linkedPerson('pf_simples')
    const reply = await say('pdf de janeiro de 2020')
    expect(reply.type).toBe('text')
    expect(reply.text).toContain('Não há lançamentos em janeiro de 2020')
  })
})
