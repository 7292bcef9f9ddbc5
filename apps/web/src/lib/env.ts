/**
 * The client's whole configuration: an explicit whitelist of build-time values (STYLE 6).
 * Nothing else reads import.meta.env.
 */
const DEFAULT_WHATSAPP_NUMBER = '5511999999999'

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '')

export const env = {
  whatsappBusinessNumber:
    digits(import.meta.env.VITE_WHATSAPP_BUSINESS_NUMBER) || DEFAULT_WHATSAPP_NUMBER,
  isProduction: import.meta.env.PROD,
} as const

export const whatsappUrl = `https://wa.me/${env.whatsappBusinessNumber}`
