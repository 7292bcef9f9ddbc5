import sax from 'sax'
import { parseOfxDate, parseSignedCents } from './amounts.ts'
import { toRow } from './classify.ts'
import { UnreadableStatementError } from './errors.ts'
import type { ParsedStatement, StatementRow } from './statement.ts'

const FIELDS = new Set([
  'DTPOSTED',
  'TRNAMT',
  'FITID',
  'NAME',
  'MEMO',
  'DTSTART',
  'DTEND',
  'ORG',
  'BANKID',
])

/** Brazilian bank codes (COMPE) an OFX's BANKID carries, as the names accounts tend to have. */
const BANK_CODES: Record<string, string> = {
  '1': 'banco do brasil',
  '33': 'santander',
  '77': 'inter',
  '104': 'caixa',
  '237': 'bradesco',
  '260': 'nubank',
  '290': 'pagbank',
  '323': 'mercado pago',
  '336': 'c6',
  '341': 'itau',
  '380': 'picpay',
}

/** The bank an OFX names: its BANKID's code, else its <ORG> ('NU PAGAMENTOS' → 'nu pagamentos'). */
function bankOf(bankId: string | undefined, org: string | undefined): string | null {
  const code = bankId?.replace(/\D/g, '').replace(/^0+/, '')
  if (code && BANK_CODES[code]) return BANK_CODES[code]
  const name = org
    ?.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
  return name || null
}
const CHUNK = 64 * 1024

/** Whether the text looks like OFX (1.02 SGML header or 2.x XML with an <OFX> element). */
export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 4096)
  return /OFXHEADER\s*[:=]/i.test(head) || /<OFX>/i.test(head)
}

/**
 * OFX 1.02 (SGML: leaf elements are not closed) and 2.x (XML), read by sax's non-strict parser
 * in chunks: a leaf's text belongs to the last element opened, a STMTTRN closing (explicitly;
 * sax closes the open leaves with it) ends a row. Entities (`&amp;`) are decoded by sax.
 */
export function parseOfx(text: string): ParsedStatement {
  const start = text.search(/<OFX>/i)
  if (start < 0) throw new UnreadableStatementError('O arquivo OFX não tem o bloco <OFX>.')
  const body = text.slice(start)
  if (!/<\/OFX>/i.test(body.slice(-4096))) {
    throw new UnreadableStatementError('O arquivo OFX está incompleto (cortado no meio).')
  }
  const parser = sax.parser(false, { trim: true, normalize: false, lowercase: false })
  const rows: StatementRow[] = []
  let current = ''
  let inTransaction = false
  let inTranList = false
  let fields: Record<string, string> = {}
  let declared: { from?: string; to?: string } = {}
  let failure: string | null = null
  let card: boolean | null = null
  const named: { ORG?: string; BANKID?: string } = {}
  parser.onopentag = (node) => {
    current = node.name
    if (node.name === 'CCSTMTRS') card = true
    else if (node.name === 'STMTRS') card ??= false
    if (node.name === 'STMTTRN') {
      inTransaction = true
      fields = {}
    } else if (node.name === 'BANKTRANLIST') inTranList = true
  }
  parser.ontext = (value) => {
    if (!FIELDS.has(current) || value === '') return
    if (inTransaction) fields[current] = (fields[current] ?? '') + value
    else if (current === 'ORG' || current === 'BANKID') named[current] ??= value
    else if (inTranList && current === 'DTSTART') declared.from = parseOfxDate(value) ?? undefined
    else if (inTranList && current === 'DTEND') declared.to = parseOfxDate(value) ?? undefined
  }
  parser.onclosetag = (name) => {
    if (name === 'STMTTRN' && inTransaction) {
      inTransaction = false
      const date = parseOfxDate(fields.DTPOSTED ?? '')
      const cents = parseSignedCents(fields.TRNAMT ?? '')
      if (date === null || cents === null) {
        failure ??= `Linha ${rows.length + 1} do OFX sem data ou valor legível.`
        return
      }
      const description = fields.MEMO || fields.NAME || ''
      const row = toRow(date, description, cents, fields.FITID?.trim() ?? null)
      if (row) rows.push(row)
    } else if (name === 'BANKTRANLIST') inTranList = false
    current = ''
  }
  parser.onerror = () => {
    // Non-strict sax recovers from SGML's open leaves; anything it still calls an error is
    // noise in a bank file (a stray '&'): carry on.
    parser.error = null as unknown as Error
    parser.resume()
  }
  for (let i = 0; i < body.length; i += CHUNK) parser.write(body.slice(i, i + CHUNK))
  parser.close()
  if (failure) throw new UnreadableStatementError(failure)
  if (rows.length === 0) throw new UnreadableStatementError('O arquivo OFX não tem lançamentos.')
  const period = declared.from && declared.to ? { from: declared.from, to: declared.to } : null
  declared = {}
  return { format: 'ofx', rows, period, source: { card, bank: bankOf(named.BANKID, named.ORG) } }
}
