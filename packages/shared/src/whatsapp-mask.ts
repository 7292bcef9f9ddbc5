// No zod here: the landing page's waitlist form imports it.
/*
 * WhatsApp numbers, one function per meaning:
 * - maskWhatsappInput: what a form field shows while someone types (spec §5);
 * - formatPhoneDigits: stored digits (national or with 55) as people read them;
 * - formatWaId: a WhatsApp id (always international) as people read it.
 */

/** Waitlist field: `(DD) NNNNN-NNNN` while typing, for 11 digits or fewer (spec §5). */
export function maskWhatsappInput(value: string): string {
  const digits = value.replace(/\D/g, '')
  if (digits.length > 11) return digits
  if (digits.length <= 2) return digits.length ? `(${digits}` : ''
  if (digits.length <= 7) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`
}

const NATIONAL = /^(\d{2})(\d{4,5})(\d{4})$/

/** `11987654321` → `(11) 98765-4321`; `5511987654321` → `+55 (11) 98765-4321`; else as given. */
export function formatPhoneDigits(digits: string): string {
  const national = /^55\d{10,11}$/.test(digits) ? digits.slice(2) : digits
  const prefix = national === digits ? '' : '+55 '
  const m = NATIONAL.exec(national)
  return m ? `${prefix}(${m[1]}) ${m[2]}-${m[3]}` : digits
}

/** A wa_id: `5511987654321` → `+55 (11) 98765-4321`; another country's → `+<digits>`. */
export function formatWaId(waId: string): string {
  const digits = waId.replace(/\D/g, '')
  return /^55\d{10,11}$/.test(digits) ? formatPhoneDigits(digits) : `+${digits}`
}
