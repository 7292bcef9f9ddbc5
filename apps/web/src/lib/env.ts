/**
 * The client's whole configuration: an explicit whitelist of build-time values (STYLE 6).
 * Nothing else reads import.meta.env.
 */

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '')

const whatsappBusinessNumber = digits(import.meta.env.VITE_WHATSAPP_BUSINESS_NUMBER)

export const env = {
  /** Empty when the build was not given one: no made-up number ever reaches a page. */
  whatsappBusinessNumber,
  isProduction: import.meta.env.PROD,
} as const

/** The business's wa.me link, or null (the footer's WhatsApp link then opens the simulator). */
export const whatsappUrl = whatsappBusinessNumber ? `https://wa.me/${whatsappBusinessNumber}` : null
