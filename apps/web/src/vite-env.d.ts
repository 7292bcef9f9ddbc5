/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Digits of the business WhatsApp number for wa.me links, e.g. 5511999999999. */
  readonly VITE_WHATSAPP_BUSINESS_NUMBER?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
