import { randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signBody } from '../src/messaging/signature.ts'

/**
 * A local stand-in for Meta's WhatsApp Cloud API (the Graph API's POST
 * /{phone-number-id}/messages, and POST /{phone-number-id}/media for document uploads), with
 * scripted failures, plus builders for the webhook deliveries Meta would send us. Tests point
 * WHATSAPP_API_BASE at `url`.
 */

export const FAKE_TOKEN = 'fake-meta-access-token'
export const FAKE_PHONE_NUMBER_ID = '1098765432100'
export const FAKE_APP_SECRET = 'fake-meta-app-secret'
export const FAKE_VERIFY_TOKEN = 'fake-meta-verify-token'
export const FAKE_BUSINESS_NUMBER = '5511900000000'

export type SentMessage = {
  wamid: string
  to: string
  type: string
  body: Record<string, unknown>
  /** The text of a text message, or the body of an interactive one. */
  text: string | null
  at: number
}

/** A file uploaded with POST /{phone-number-id}/media (multipart). */
export type UploadedMedia = {
  id: string
  filename: string
  type: string
  bytes: Uint8Array
}

/** An answer other than success: an HTTP status and, optionally, a Graph error code. */
export type ScriptedFailure = { status: number; code?: number; message?: string } | { hangUp: true }

export type FakeMeta = {
  url: string
  /** Successful sends, in order. */
  sent: SentMessage[]
  /** Every request received, including the failed ones. */
  requests: number
  /** Media uploads, in order (a document message must name one of their ids). */
  media: UploadedMedia[]
  /**
   * A file a customer sent (a document): its media id, as Meta would put in the webhook. We
   * fetch it like Meta documents: GET /{media-id} → {url, mime_type, file_size…}, then GET url
   * with the bearer token → the bytes. `downloads` counts the second step.
   */
  addInbound(bytes: Uint8Array | string, mimeType?: string): string
  downloads: number
  /** The next requests get these answers, in order, before successes resume. */
  failNext(...failures: ScriptedFailure[]): void
  /** The next requests to this number get these answers, in order (others are not affected). */
  failFor(to: string, ...failures: ScriptedFailure[]): void
  /** Delay every answer (ms). */
  setLatency(ms: number): void
  /**
   * Like Meta: report each accepted message to our webhook with a signed 'sent' status (with
   * its biz_opaque_callback_data), retrying while the server does not answer 200.
   */
  sendStatusesTo(webhookUrl: string): void
  reset(): void
  sentTo(waId: string): SentMessage[]
  /** Emits 'sent' with each SentMessage as it is accepted. */
  events: EventEmitter
  close(): Promise<void>
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** The `to` of a messages request's JSON body ('' when there is none). */
function recipientOf(raw: string): string {
  try {
    const to = (JSON.parse(raw) as { to?: unknown }).to
    return typeof to === 'string' ? to : ''
  } catch {
    return ''
  }
}

export async function startFakeMeta(): Promise<FakeMeta> {
  let failures: ScriptedFailure[] = []
  let failuresFor = new Map<string, ScriptedFailure[]>()
  let latency = 0
  let counter = 0
  let webhookUrl: string | null = null
  let closed = false
  const reportSent = async (message: SentMessage) => {
    const url = webhookUrl
    if (!url) return
    const status = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: FAKE_BUSINESS_NUMBER,
                  phone_number_id: FAKE_PHONE_NUMBER_ID,
                },
                statuses: [
                  {
                    id: message.wamid,
                    status: 'sent',
                    timestamp: String(Math.floor(message.at / 1000)),
                    recipient_id: message.to,
                    ...(typeof message.body.biz_opaque_callback_data === 'string'
                      ? { biz_opaque_callback_data: message.body.biz_opaque_callback_data }
                      : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    }
    const deadline = Date.now() + 60_000
    await new Promise((r) => setTimeout(r, 20))
    while (!closed && Date.now() < deadline) {
      const ok = await fetch(url, signedDelivery(status)).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  const inbound = new Map<string, { bytes: Uint8Array; mimeType: string }>()
  let baseUrl = ''
  const fake: Omit<FakeMeta, 'url' | 'close'> = {
    sent: [],
    requests: 0,
    media: [],
    downloads: 0,
    addInbound: (bytes, mimeType = 'text/csv') => {
      const id = `${9_000_000_000 + inbound.size + 1}`
      inbound.set(id, {
        bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
        mimeType,
      })
      return id
    },
    failNext: (...f) => {
      failures.push(...f)
    },
    failFor: (to, ...f) => {
      failuresFor.set(to, [...(failuresFor.get(to) ?? []), ...f])
    },
    setLatency: (ms) => {
      latency = ms
    },
    sendStatusesTo: (url) => {
      webhookUrl = url
    },
    reset: () => {
      failures = []
      failuresFor = new Map()
      fake.sent.length = 0
      fake.media.length = 0
      fake.requests = 0
      fake.downloads = 0
      latency = 0
    },
    sentTo: (waId) => fake.sent.filter((m) => m.to === waId),
    events: new EventEmitter().setMaxListeners(0),
  }

  const server: Server = createServer(async (req, res) => {
    const bytes = await readBody(req)
    const raw = bytes.toString('utf8')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const mediaInfo = /^\/v[\d.]+\/(\d+)$/.exec(req.url ?? '')
    const mediaFile = /^\/download\/(\d+)$/.exec(req.url ?? '')
    if (req.method === 'GET' && (mediaInfo || mediaFile)) {
      fake.requests++
      if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
        return json(401, { error: { message: 'Invalid OAuth access token', code: 190 } })
      }
      const id = (mediaInfo ?? mediaFile)?.[1] ?? ''
      const file = inbound.get(id)
      if (!file) return json(404, { error: { message: 'Unsupported get request', code: 100 } })
      if (mediaInfo) {
        return json(200, {
          messaging_product: 'whatsapp',
          url: `${baseUrl}/download/${id}`,
          mime_type: file.mimeType,
          sha256: 'fake',
          file_size: String(file.bytes.byteLength),
          id,
        })
      }
      fake.downloads++
      res.writeHead(200, { 'content-type': file.mimeType })
      res.end(Buffer.from(file.bytes))
      return
    }
    const upload = /^\/v[\d.]+\/([^/]+)\/media$/.exec(req.url ?? '')
    if (req.method === 'POST' && upload) {
      fake.requests++
      if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
        return json(401, { error: { message: 'Invalid OAuth access token', code: 190 } })
      }
      const failure = failures.shift()
      if (failure) {
        if ('hangUp' in failure) {
          req.socket.destroy()
          return
        }
        return json(failure.status, {
          error: { message: failure.message ?? 'Scripted failure', code: failure.code ?? 131000 },
        })
      }
      // Parse the multipart body the way Meta would require it.
      const form = await new Request('http://fake/media', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? '') },
        body: new Uint8Array(bytes),
      })
        .formData()
        .catch(() => null)
      const file = form?.get('file')
      const product = form?.get('messaging_product')
      if (
        product !== 'whatsapp' ||
        typeof form?.get('type') !== 'string' ||
        !(file instanceof Blob)
      ) {
        return json(400, { error: { message: 'Invalid media upload', code: 100 } })
      }
      const media: UploadedMedia = {
        id: `media-${String(fake.media.length + 1).padStart(4, '0')}`,
        filename: file instanceof File ? file.name : '',
        type: String(form?.get('type')),
        bytes: new Uint8Array(await file.arrayBuffer()),
      }
      fake.media.push(media)
      return json(200, { id: media.id })
    }
    const match = /^\/v[\d.]+\/([^/]+)\/messages$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match)
      return json(404, { error: { message: 'Unknown path', code: 100 } })
    fake.requests++
    if (latency) await new Promise((r) => setTimeout(r, latency))
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
      return json(401, {
        error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 },
      })
    }
    if (match[1] !== FAKE_PHONE_NUMBER_ID) {
      return json(400, { error: { message: 'Unknown phone number id', code: 100 } })
    }
    const failure = failuresFor.get(recipientOf(raw))?.shift() ?? failures.shift()
    if (failure) {
      if ('hangUp' in failure) {
        req.socket.destroy()
        return
      }
      return json(failure.status, {
        error: {
          message: failure.message ?? 'Scripted failure',
          type: 'OAuthException',
          code: failure.code ?? (failure.status >= 500 ? 131000 : 100),
          fbtrace_id: randomBytes(6).toString('hex'),
        },
      })
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      return json(400, { error: { message: 'Invalid JSON', code: 100 } })
    }
    if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string') {
      return json(400, { error: { message: 'Invalid parameter', code: 100 } })
    }
    if (body.type === 'document') {
      const mediaId = (body.document as { id?: unknown } | undefined)?.id
      if (!fake.media.some((m) => m.id === mediaId)) {
        return json(400, { error: { message: 'Unknown media id', code: 131053 } })
      }
    }
    const wamid = `wamid.FAKE${String(++counter).padStart(6, '0')}${randomBytes(4).toString('hex')}`
    const text =
      (body.text as { body?: string } | undefined)?.body ??
      (body.interactive as { body?: { text?: string } } | undefined)?.body?.text ??
      (body.document as { caption?: string } | undefined)?.caption ??
      null
    const message = { wamid, to: body.to, type: String(body.type), body, text, at: Date.now() }
    fake.sent.push(message)
    fake.events.emit('sent', message)
    void reportSent(message)
    return json(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid }],
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  baseUrl = `http://127.0.0.1:${port}`
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v24.0`,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }) as FakeMeta
}

/** Environment for a server that talks to the fake. */
export function fakeMetaEnv(fake: Pick<FakeMeta, 'url'>): Record<string, string> {
  return {
    WHATSAPP_ACCESS_TOKEN: FAKE_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: FAKE_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: FAKE_VERIFY_TOKEN,
    WHATSAPP_BUSINESS_NUMBER: FAKE_BUSINESS_NUMBER,
    WHATSAPP_API_BASE: fake.url,
  }
}

// ---- Webhook deliveries, as Meta sends them ----

export type InboundSpec =
  | { from: string; text: string; id?: string; timestamp?: number; name?: string }
  | { from: string; button: { id: string; title: string }; id?: string; timestamp?: number }
  | { from: string; type: string; id?: string; timestamp?: number; extra?: Record<string, unknown> }

export function messageId(): string {
  return `wamid.HBgN${randomBytes(12).toString('hex').toUpperCase()}`
}

function messageObject(spec: InboundSpec) {
  const base = {
    from: spec.from,
    id: spec.id ?? messageId(),
    timestamp: String(Math.floor((spec.timestamp ?? Date.now()) / 1000)),
  }
  if ('text' in spec) return { ...base, type: 'text', text: { body: spec.text } }
  if ('button' in spec) {
    return {
      ...base,
      context: { from: FAKE_BUSINESS_NUMBER, id: 'wamid.ORIGINAL' },
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: spec.button },
    }
  }
  return { ...base, type: spec.type, ...(spec.extra ?? { [spec.type]: { id: 'media-id-1' } }) }
}

export type StatusSpec = {
  wamid: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  recipient: string
  errors?: Array<{ code: number; title: string }>
  /** Our biz_opaque_callback_data, which Meta echoes. */
  callbackData?: string
}

/** A delivery's body with messages and status callbacks, as Meta builds it. */
export function delivery({
  messages = [],
  statuses = [],
}: {
  messages?: InboundSpec[]
  statuses?: StatusSpec[]
}) {
  const value: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: FAKE_BUSINESS_NUMBER, phone_number_id: FAKE_PHONE_NUMBER_ID },
  }
  if (messages.length) {
    value.contacts = messages.map((m) => ({
      profile: { name: 'name' in m && m.name ? m.name : 'Cliente' },
      wa_id: m.from,
    }))
    value.messages = messages.map(messageObject)
  }
  if (statuses.length) {
    value.statuses = statuses.map((s) => ({
      id: s.wamid,
      status: s.status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: s.recipient,
      ...(s.status === 'sent'
        ? { conversation: { id: 'conv', origin: { type: 'service' } }, pricing: { billable: true } }
        : {}),
      ...(s.errors ? { errors: s.errors } : {}),
      ...(s.callbackData ? { biz_opaque_callback_data: s.callbackData } : {}),
    }))
  }
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }],
  }
}

/**
 * JSON as Meta serialises it: every non-ASCII character escaped as \uXXXX, and '/' as '\/'. The
 * signature covers exactly these bytes.
 */
export function metaJson(body: unknown): string {
  return JSON.stringify(body)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Headers and body of a signed delivery. */
export function signedDelivery(body: unknown, secret = FAKE_APP_SECRET) {
  const raw = typeof body === 'string' ? body : metaJson(body)
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(secret, raw) },
    body: raw,
  }
}
