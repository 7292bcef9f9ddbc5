import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createAccount } from '../src/ledger/index.ts'
import { whatsAppRig } from './whatsapp-kit.ts'

/**
 * Issue 22 on WhatsApp, through the real webhook, jobs, sender and a local fake of Meta's API: a
 * statement sent as a document is fetched (GET /{media-id}, then its url), previewed in the
 * reply, and 'confirmar' records it; several possible accounts are asked first; the free plan
 * records nothing.
 */
const rig = whatsAppRig()

const fixture = (name: string) =>
  readFileSync(new URL(`../src/ledger/imports/fixtures/${name}`, import.meta.url))

const linkedUser = (plan: string) => rig.person({ plan })

/** A document message: the file is the fake Meta's to download. */
const documentOf = (bytes: Uint8Array | string, filename: string, mime = 'text/csv') => ({
  type: 'document',
  extra: { document: { id: rig.fake.addInbound(bytes, mime), filename, mime_type: mime } },
})

async function entries(ledgerId: number) {
  const { rows } = await rig.server.database.pool.query<{
    description: string
    amount_cents: number
    type: string
    account_id: number
    source: string
  }>(
    `select description, amount_cents, type, account_id::int, source from transactions
      where ledger_id = $1 order by occurred_on, id`,
    [ledgerId],
  )
  return rows
}

describe('a statement sent on WhatsApp as a document', () => {
  it('replies with the preview; confirmar records it; the same file again records nothing', async () => {
    const u = await linkedUser('pf_simples')
    const preview = await u.say(documentOf(fixture('nubank-conta.csv'), 'NU_2024_03.csv'))
    expect(rig.fake.downloads).toBe(1)
    expect(preview.type).toBe('interactive')
    expect(preview.text).toContain('Extrato lido (CSV do Nubank) para a conta *Conta principal*')
    expect(preview.text).toContain('Período: 01/03/2024 a 31/03/2024.')
    expect(preview.text).toContain('4 linhas: *4 novas*.')
    expect(preview.text).toContain('Responda *confirmar*')
    expect(await entries(u.ledgerId)).toEqual([])

    const done = await u.say('confirmar')
    expect(done.text).toMatch(/Extrato importado na conta \*Conta principal\*: 3 lançamentos novos/)
    const recorded = await entries(u.ledgerId)
    expect(recorded.map((e) => [e.description, e.amount_cents, e.type, e.source])).toEqual([
      ['Compra no débito - Drogasil', 8990, 'expense', 'whatsapp'],
      ['Transferência recebida pelo Pix - MARIA JOSÉ', 150000, 'income', 'whatsapp'],
      ['Compra no débito - Padaria Pão, Café & Cia', 4500, 'expense', 'whatsapp'],
    ])

    const again = await u.say(documentOf(fixture('nubank-conta.csv'), 'NU_2024_03.csv'))
    expect(again.type).toBe('text')
    expect(again.text).toContain('4 linhas: *0 novas*, 4 já importadas.')
    expect(again.text).toContain('Nada novo para importar')
    // 'confirmar' now has nothing waiting.
    const nothing = await u.say('confirmar')
    expect(nothing.text).toMatch(/Não há nada esperando confirmação/)
    expect(await entries(u.ledgerId)).toHaveLength(3)
  })

  it('asks which account when several could be it; the button moves the preview there', async () => {
    const u = await linkedUser('pf_simples')
    const pool = rig.server.database.pool
    const bradesco = await createAccount(pool, {
      ledgerId: u.ledgerId,
      input: { name: 'Bradesco', kind: 'checking' },
    })
    await createAccount(pool, {
      ledgerId: u.ledgerId,
      input: { name: 'Nubank', kind: 'credit_card', closing_day: 3, due_day: 10 },
    })
    // An Itaú OFX (BANKID 0341): neither checking account is named Itaú; the card is not a
    // bank account.
    const asked = await u.say(
      documentOf(fixture('itau-102-cp1252.ofx'), 'extrato.ofx', 'application/x-ofx'),
    )
    expect(asked.text).toContain('De qual conta ele é?')
    expect(asked.body).toMatchObject({
      interactive: {
        action: {
          buttons: [
            { reply: { id: 'choice_1', title: 'Conta principal' } },
            { reply: { id: 'choice_2', title: 'Bradesco' } },
          ],
        },
      },
    })
    const preview = await u.say({ button: { id: 'choice_2', title: 'Bradesco' } })
    expect(preview?.type).toBe('interactive')
    expect(preview?.text).toContain('para a conta *Bradesco*')
    expect(await entries(u.ledgerId)).toEqual([])

    const done = await u.say('confirmar')
    expect(done.text).toContain('Extrato importado na conta *Bradesco*')
    const recorded = await entries(u.ledgerId)
    expect(recorded.length).toBeGreaterThan(0)
    expect(new Set(recorded.map((e) => e.account_id))).toEqual(new Set([bradesco.id]))
  })

  it('picks the account named like the bank without asking', async () => {
    const u = await linkedUser('pf_simples')
    const itau = await createAccount(rig.server.database.pool, {
      ledgerId: u.ledgerId,
      input: { name: 'Itaú', kind: 'checking' },
    })
    const preview = await u.say(
      documentOf(fixture('itau-102-cp1252.ofx'), 'extrato.ofx', 'application/x-ofx'),
    )
    expect(preview.text).toContain('(OFX) para a conta *Itaú*')
    const { rows } = await rig.server.database.pool.query<{ account_id: number }>(
      'select account_id::int from imports where ledger_id = $1',
      [u.ledgerId],
    )
    expect(rows).toEqual([{ account_id: itau.id }])
    // 'não' leaves it unrecorded.
    const no = await u.say('não')
    expect(no.text).toContain('não importei o extrato')
    expect(await entries(u.ledgerId)).toEqual([])
  })

  it('on the free plan names Pessoa Física and fetches and records nothing', async () => {
    const u = await linkedUser('free')
    const reply = await u.say(documentOf(fixture('nubank-conta.csv'), 'extrato.csv'))
    expect(reply.text).toContain('a partir do *Pessoa Física*')
    expect(rig.fake.downloads).toBe(0)
    const { rows } = await rig.server.database.pool.query(
      'select 1 from imports where ledger_id = $1',
      [u.ledgerId],
    )
    expect(rows).toEqual([])
  })

  it('a file that is no statement gets a pt-BR reason; a PDF is not read at all', async () => {
    const u = await linkedUser('pf_simples')
    const garbage = await u.say(documentOf('isto não é um extrato\n', 'extrato.csv'))
    expect(garbage.text).toMatch(/^Não consegui ler esse arquivo: /)
    const unknown = await u.say(
      documentOf('Dt;Histórico;Débito;Crédito\n01/03/2024;Mercado;10,00;\n', 'outro.csv'),
    )
    expect(unknown.text).toContain('Não conheço as colunas deste CSV')
    expect(unknown.text).toContain('/importar')
    const downloads = rig.fake.downloads
    const pdf = await u.say(documentOf('%PDF-1.4', 'fatura.pdf', 'application/pdf'))
    expect(pdf.text).toContain('Ainda não consigo ler documentos')
    expect(rig.fake.downloads).toBe(downloads)
  })
})
