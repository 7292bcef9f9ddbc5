import type { Env } from '../platform/index.ts'
import type { GraphConfig } from './graph-api.ts'
import { SEND_BATCH } from './send-batch.ts'

/**
 * Whether messages go to Meta: with an access token and a phone number id. Without them every
 * outgoing message goes to the simulator (the /simulador page and `npm run cli -- chat`).
 */
export function graphConfig(env: Env): GraphConfig | null {
  if (!env.WHATSAPP_ACCESS_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return null
  return {
    apiBase: env.WHATSAPP_API_BASE,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: env.WHATSAPP_ACCESS_TOKEN,
    // Every job slot may have a whole send batch's calls open at once.
    maxSockets: env.WORKER_CONCURRENCY * SEND_BATCH,
  }
}

export function isWhatsAppConfigured(env: Env): boolean {
  return graphConfig(env) !== null
}

/** The wa.me link that opens a chat with the business number, pre-filled with `text`. */
export function waMeUrl(env: Env, text: string): string | null {
  if (!env.WHATSAPP_BUSINESS_NUMBER) return null
  return `https://wa.me/${env.WHATSAPP_BUSINESS_NUMBER}?text=${encodeURIComponent(text)}`
}

/** The sign-up page unknown senders are pointed to. */
export function signupUrl(env: Env): string {
  return `${env.PUBLIC_URL}/auth`
}

/** The simulator's stand-in for a wa_id: one conversation per account. */
export function simulatorWaId(userId: string): string {
  return `sim.${userId}`
}
