import { z } from 'zod'

/**
 * The WhatsApp channel's contract between the web app and the server (ARCHITECTURE §5):
 * linking and the simulator.
 */

/** POST /api/whatsapp/link-code → the code to send as 'vincular <code>', and a wa.me link. */
export type WhatsAppLinkCode = {
  code: string
  expires_at: string
  /** null when the server has no WHATSAPP_BUSINESS_NUMBER. */
  wa_me_url: string | null
}

/** GET /api/whatsapp/link. */
export type WhatsAppLinkState = {
  linked: boolean
  wa_id: string | null
  linked_at: string | null
  /** Whether this server sends to WhatsApp (otherwise replies go to the simulator). */
  whatsapp_configured: boolean
  /** Whether /simulador is open to this user. */
  simulator_available: boolean
}

export const SIMULATOR_MAX_TEXT = 4096

/** POST /api/simulator/messages: a typed message, or the press of a reply button. */
export const simulatorMessageSchema = z.union([
  z.object({
    text: z
      .string({ error: 'Mensagem é obrigatória' })
      .trim()
      .min(1, 'Mensagem é obrigatória')
      .max(SIMULATOR_MAX_TEXT, 'Mensagem deve ter no máximo 4096 caracteres'),
  }),
  z.object({
    button: z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }),
  }),
])
export type SimulatorMessageInput = z.infer<typeof simulatorMessageSchema>

export type SimulatorMessage = {
  id: string
  from: 'user' | 'assistant'
  text: string
  /** Reply buttons the assistant offered (only on its messages). */
  buttons: Array<{ id: string; title: string }>
  at: string
  /** For the assistant's messages: queued, sent, delivered, read, failed. */
  status: string | null
  /** A file the assistant sent (the PDF statement): its name and where to download it. */
  document?: { filename: string; url: string }
}

/** GET /api/simulator/messages: the conversation, oldest first. */
export type SimulatorConversation = {
  messages: SimulatorMessage[]
  /** True while a message of the person still waits for its reply. */
  pending: boolean
}
