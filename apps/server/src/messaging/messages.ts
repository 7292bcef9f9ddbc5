import { z } from 'zod'

/**
 * What the sender can send, as stored in whatsapp_outbound.payload. Limits are WhatsApp's:
 * 4096 characters of text, 1024 in an interactive body, up to 3 reply buttons of 20
 * characters.
 */
const buttonSchema = z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) })

const templateSchema = z.object({
  kind: z.literal('template'),
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(10),
  params: z.array(z.string().max(1024)),
})

export const outboundMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string().min(1).max(4096) }),
  z.object({
    kind: z.literal('interactive'),
    text: z.string().min(1).max(1024),
    buttons: z.array(buttonSchema).min(1).max(3),
  }),
  templateSchema,
  // A stored file (whatsapp_documents) sent as a document: uploaded to Meta when it is sent.
  z.object({
    kind: z.literal('document'),
    document_id: z.number().int().positive(),
    filename: z.string().min(1).max(200),
    caption: z.string().max(1024),
  }),
])
export type OutboundMessage = z.infer<typeof outboundMessageSchema>
export type TemplateMessage = z.infer<typeof templateSchema>

/**
 * The stored payload: the message and, for a free-form message that may go out after the
 * 24-hour window has closed, the approved template to send instead.
 */
export const outboundPayloadSchema = z.object({
  message: outboundMessageSchema,
  fallback: templateSchema.optional(),
})
export type OutboundPayload = z.infer<typeof outboundPayloadSchema>

/** Reply buttons for a large amount waiting for confirmation; their replies read as sim / não. */
export const CONFIRM_BUTTONS = [
  { id: 'confirm_yes', title: 'Sim' },
  { id: 'confirm_no', title: 'Não' },
] as const

const BUTTON_TEXT: Record<string, string> = { confirm_yes: 'sim', confirm_no: 'não' }

/** Reply buttons of a numbered question ('Em qual conta?'): their replies read as the number. */
const CHOICE_ID = /^choice_([1-9])$/

/** What a button reply means to the assistant: 'sim' / 'não' or a choice's number for ours, else its title. */
export function buttonReplyText(id: string, title: string): string {
  return BUTTON_TEXT[id] ?? CHOICE_ID.exec(id)?.[1] ?? title
}

/** Cuts text to WhatsApp's limit without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const chars = Array.from(text)
  let out = ''
  for (const ch of chars) {
    if (out.length + ch.length > max - 1) break
    out += ch
  }
  return `${out}…`
}

export function textMessage(text: string): OutboundMessage {
  return { kind: 'text', text: clip(text, 4096) }
}

export function confirmMessage(text: string): OutboundMessage {
  return { kind: 'interactive', text: clip(text, 1024), buttons: [...CONFIRM_BUTTONS] }
}

/**
 * A numbered question: with up to 3 choices, one reply button each (the title clipped to
 * WhatsApp's 20 characters); with more, the text alone, answered by the number.
 */
export function choiceMessage(text: string, choices: readonly string[]): OutboundMessage {
  if (choices.length === 0 || choices.length > 3) return textMessage(text)
  return {
    kind: 'interactive',
    text: clip(text, 1024),
    buttons: choices.map((title, i) => ({ id: `choice_${i + 1}`, title: clip(title, 20) })),
  }
}

export function documentMessage(document: {
  id: number
  filename: string
  caption: string
}): OutboundMessage {
  return {
    kind: 'document',
    document_id: document.id,
    filename: document.filename,
    caption: clip(document.caption, 1024),
  }
}
