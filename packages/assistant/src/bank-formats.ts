/**
 * What Brazilian banks' notifications look like (push, SMS, e-mail), for bank-notification.ts.
 * Every pattern runs on folded text (foldText: lowercase, accent-free, same length).
 */

export const NOTIFICATION_BANKS = [
  'nubank',
  'itau',
  'bradesco',
  'santander',
  'bb',
  'caixa',
  'inter',
  'c6',
  'picpay',
  'mercadopago',
] as const
export type BankId = (typeof NOTIFICATION_BANKS)[number] | 'unknown'

/** A bank named in the text; the first listed wins ('cartão Inter' inside a Nubank text is rare). */
const BANK_NAMES: ReadonlyArray<readonly [BankId, RegExp]> = [
  ['nubank', /\bnu ?bank\b|\bnu pagamentos\b|\bnuconta\b/],
  ['itau', /\bitau\b|\biti\b|\bpersonnalite\b/],
  ['bradesco', /\bbradesco\b|\bnext\b/],
  ['santander', /\bsantander\b/],
  ['bb', /\bbb\b|\bbanco do brasil\b|\bourocard\b/],
  ['caixa', /\bcaixa\b/],
  ['c6', /\bc6\b/],
  ['picpay', /\bpicpay\b/],
  ['mercadopago', /\bmercado ?pago\b/],
  ['inter', /\binter\b/],
]

/** Wordings that say which bank wrote, when the text names none (Nubank's push). */
const BANK_SHAPES: ReadonlyArray<readonly [BankId, RegExp]> = [
  ['nubank', /aprovada em .{1,60} para o cartao com final/],
]

export function detectBank(folded: string): BankId {
  for (const [bank, re] of BANK_NAMES) if (re.test(folded)) return bank
  for (const [bank, re] of BANK_SHAPES) if (re.test(folded)) return bank
  return 'unknown'
}

/** A bank's own name is never a merchant. */
export const BANK_AS_MERCHANT =
  /^(?:banco |o |a )?(?:nu ?bank|nu pagamentos|itau(?: unibanco)?|bradesco|santander|bb|banco do brasil|ourocard|caixa(?: economica federal)?|inter|c6(?: bank)?|picpay|mercado ?pago|app|aplicativo)$/

/**
 * The cue that makes a message a bank notification rather than something typed: the bank's own
 * voice ('Compra aprovada', 'Você recebeu', 'Pix enviado', 'final 1234', 'estorno'…).
 */
export const NOTIFICATION_CUE =
  /\baprovad[oa]\b|\bfinal:? ?\d{4}\b|\bvoce (?:recebeu|pagou|enviou|transferiu|fez um pix)\b|\bpix (?:recebido|enviado|realizado|efetuado|agendado)\b|\btransferencia (?:pix |ted |doc )?(?:de r\$ ?[\d.,]+ )?(?:recebida|enviada|realizada|efetuada)\b|\bpix de r\$ ?[\d.,]+ (?:enviado|recebido|realizado|efetuado)\b|\bestorn|\bcashback\b|\bcompra cancelada\b|\bdevolvemos\b|\bcompra (?:de r\$|no (?:cartao|debito|credito))/

/** A quick look, on the raw text, before folding: most typed messages fail it at once. */
export const MAYBE_NOTIFICATION =
  /aprovad|final|voc[eê]|pix|transfer|estorn|cashback|cancelad|devolvemos|compra|saldo|limite|empr[eé]stimo|fatura/i

/** Offers, bill and balance warnings: a figure that is no transaction. */
export const NOT_A_TRANSACTION =
  /\bemprestimo\b|\bpre-? ?aprovad|\bcredito (?:pessoal|consignado)\b|\bconsignado\b|\bsimule\b|\bcontrate\b|\baproveite\b|\bganhe\b|\boferta|\bpromoc|\bcupom\b|\blimite (?:aumentou|foi aumentado)\b|\bseu limite\b|\brende \d|\bdo cdi\b|\bdeposite\b|\bsua fatura\b|\bfatura (?:fechou|fechada|vence|de r\$|disponivel)\b|\bvencimento\b|\bpeca ja\b/

export type Movement =
  | 'purchase'
  | 'payment'
  | 'pix_sent'
  | 'pix_received'
  | 'transfer_sent'
  | 'transfer_received'
  | 'refund'
  | 'cashback'

/** Which movement, in order: a refund or cashback says 'compra' too; income before expense. */
export function movementOf(folded: string): Movement | null {
  if (
    /\bestorn|\bcompra cancelada\b|\bcancelamento da compra\b|\bdevolvemos\b|\bdevolucao\b|\breembolso\b|\bfoi cancelada\b/.test(
      folded,
    )
  )
    return 'refund'
  if (
    /\bcashback\b/.test(folded) &&
    /\b(?:recebeu|creditad[oa]|caiu|recebido|credito de)\b/.test(folded) &&
    !/\baprovad[oa]\b/.test(folded)
  )
    return 'cashback'
  if (
    /\bvoce recebeu\b|\brecebeu (?:um|uma)\b|\b(?:pix|ted|doc) recebid[oa]\b|\btransferencia (?:pix |ted |doc )?(?:de r\$ ?[\d.,]+ )?recebida\b|\brecebid[oa] de\b|\bdeposito recebido\b|\bcaiu na (?:sua )?conta\b/.test(
      folded,
    )
  )
    return /\bpix\b/.test(folded) ? 'pix_received' : 'transfer_received'
  if (
    /\bpix\b/.test(folded) &&
    /\b(?:enviad[oa]|realizad[oa]|efetuad[oa]|voce enviou|voce fez|voce pagou|para)\b/.test(
      folded,
    ) &&
    !/\bcompra\b/.test(folded)
  )
    return 'pix_sent'
  if (/\btransferencia\b|\bvoce transferiu\b|\bvoce enviou\b|\bted\b|\bdoc\b/.test(folded))
    return 'transfer_sent'
  if (/\bvoce pagou\b|\bpagamento (?:aprovado|realizado|efetuado|de r\$)/.test(folded))
    return 'payment'
  if (/\bcompra\b|\baprovad[oa]\b/.test(folded)) return 'purchase'
  return null
}

export const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  fev: 2,
  mar: 3,
  abr: 4,
  mai: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  set: 9,
  out: 10,
  nov: 11,
  dez: 12,
}

/** Words that end a merchant's or a person's name (folded). */
export const NAME_STOP = new Set([
  'em',
  'as',
  'no',
  'na',
  'nos',
  'para',
  'pelo',
  'pela',
  'via',
  'valor',
  'com',
  'cartao',
  'final',
  'limite',
  'saldo',
  'foi',
  'r$',
  'rs',
  'brl',
  'realizada',
  'realizado',
  'aprovada',
  'aprovado',
  'enviado',
  'enviada',
  'recebido',
  'recebida',
  'referente',
  'hoje',
  'ontem',
  'efetuada',
  'creditado',
  'creditada',
  'efetuado',
  'data',
  'hora',
  'parcelado',
  'parcelada',
  'credito',
  'debito',
  'disponivel',
  'confira',
  'acesse',
  'o',
  'a',
])

/** Words a name never starts with (the marker found a preposition, not a name). */
export const NAME_NEVER_STARTS = new Set([
  'seu',
  'sua',
  'conta',
  'sucesso',
  'um',
  'uma',
  'cashback',
  'ate',
  'compra',
  'compras',
  'pix',
  'transferencia',
])
