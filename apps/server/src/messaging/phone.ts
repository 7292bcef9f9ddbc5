/*
 * WhatsApp numbers (wa_id: the digits of the international number, no '+').
 *
 * Brazil added a ninth digit to mobile numbers (55 DD 9XXXX-XXXX), but WhatsApp still reports
 * many older accounts without it (55 DD XXXX-XXXX). Both forms are the same person, so links
 * are keyed by a canonical form with the ninth digit; replies still go to the exact wa_id that
 * wrote, because that is the form WhatsApp delivers to.
 */

/** Only the digits of a phone number as a person typed it. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** A Brazilian area code: two digits, neither of them zero (11–99). */
function isBrazilianAreaCode(ddd: string): boolean {
  return /^[1-9][1-9]$/.test(ddd)
}

/**
 * The canonical form of a number: a Brazilian mobile written without the ninth digit gets it
 * ('551187654321' → '5511987654321'). Landlines (first digit 2–5) and other countries stay as
 * they are.
 */
export function phoneKey(waId: string): string {
  const digits = digitsOnly(waId)
  if (digits.length === 12 && digits.startsWith('55')) {
    const ddd = digits.slice(2, 4)
    const local = digits.slice(4)
    if (isBrazilianAreaCode(ddd) && /^[6-9]/.test(local)) return `55${ddd}9${local}`
  }
  return digits
}

/** Whether two WhatsApp ids are the same number (with or without the ninth digit). */
export function sameNumber(a: string, b: string): boolean {
  return phoneKey(a) === phoneKey(b)
}

/**
 * Every form WhatsApp may use for the number: the canonical one and, for a Brazilian mobile,
 * the one without the ninth digit. For lookups by wa_id (the 24-hour window).
 */
export function waIdForms(waId: string): string[] {
  const key = phoneKey(waId)
  if (key.length === 13 && key.startsWith('55') && isBrazilianAreaCode(key.slice(2, 4))) {
    if (key[4] === '9' && /^[6-9]/.test(key.slice(5))) {
      return [key, `${key.slice(0, 4)}${key.slice(5)}`]
    }
  }
  return [key]
}

/** A WhatsApp id as it can appear in logs and the admin table: '5511*******21'. */
export function maskWaId(waId: string): string {
  if (waId.length <= 6) return '*'.repeat(waId.length)
  return `${waId.slice(0, 4)}${'*'.repeat(waId.length - 6)}${waId.slice(-2)}`
}
