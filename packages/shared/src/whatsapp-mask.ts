// No zod here: the landing page's waitlist form imports it.
/** Waitlist: `(DD) NNNNN-NNNN` while typing, for 11 digits or fewer (spec §5). */
export function formatWhatsapp(value: string): string {
  const digits = value.replace(/\D/g, '')
  if (digits.length > 11) return digits
  if (digits.length <= 2) return digits.length ? `(${digits}` : ''
  if (digits.length <= 7) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`
}
