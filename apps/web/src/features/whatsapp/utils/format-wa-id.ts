/** A wa_id as people read it: '5511987654321' → '+55 (11) 98765-4321'. */
export function formatWaId(waId: string): string {
  const digits = waId.replace(/\D/g, '')
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits)
  if (br) return `+55 (${br[1]}) ${br[2]}-${br[3]}`
  return `+${digits}`
}
