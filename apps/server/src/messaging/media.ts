import type { Env } from '../platform/index.ts'
import { graphConfig } from './whatsapp-config.ts'

/*
 * A file someone sent us (a statement as a WhatsApp document), fetched as Meta documents it:
 * GET {WHATSAPP_API_BASE}/{media-id} answers its `url` (valid a few minutes) and size; GET that
 * url with the same bearer token answers the bytes. Bounded: a declared or actual size over
 * `maxBytes` stops the download (tooLarge) without reading the rest.
 */

export type MediaDownload =
  | { ok: true; bytes: Uint8Array; mimeType: string | null }
  | {
      ok: false
      /** Worth trying again later (network, 5xx, 429). */
      retryable: boolean
      tooLarge: boolean
      reason: string
    }

const fail = (retryable: boolean, reason: string, tooLarge = false): MediaDownload => ({
  ok: false,
  retryable,
  tooLarge,
  reason,
})

const TIMEOUT_MS = 30_000

async function get(
  url: string,
  token: string,
): Promise<{ response: Response } | { failed: MediaDownload }> {
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    return { response }
  } catch (error) {
    return { failed: fail(true, `rede: ${(error as Error).message}`) }
  }
}

const retryableStatus = (status: number) => status === 429 || status >= 500

/** Reads at most `maxBytes` of a body; null when it has more. */
async function readBounded(body: ReadableStream<Uint8Array>, maxBytes: number) {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return bytes
}

export async function downloadMedia(
  env: Env,
  mediaId: string,
  { maxBytes }: { maxBytes: number },
): Promise<MediaDownload> {
  const config = graphConfig(env)
  if (!config) return fail(false, 'WhatsApp não configurado')
  const base = config.apiBase.replace(/\/$/, '')
  const asked = await get(`${base}/${encodeURIComponent(mediaId)}`, config.accessToken)
  if ('failed' in asked) return asked.failed
  const info = asked.response
  const meta = (await info.json().catch(() => null)) as {
    url?: unknown
    mime_type?: unknown
    file_size?: unknown
  } | null
  if (!info.ok || typeof meta?.url !== 'string') {
    return fail(retryableStatus(info.status), `mídia: HTTP ${info.status}`)
  }
  if (Number(meta.file_size) > maxBytes) return fail(false, 'arquivo grande demais', true)
  const fetched = await get(meta.url, config.accessToken)
  if ('failed' in fetched) return fetched.failed
  const file = fetched.response
  if (!file.ok || !file.body) {
    return fail(retryableStatus(file.status), `download: HTTP ${file.status}`)
  }
  const bytes = await readBounded(file.body, maxBytes)
  if (!bytes) return fail(false, 'arquivo grande demais', true)
  return {
    ok: true,
    bytes,
    mimeType: typeof meta.mime_type === 'string' ? meta.mime_type : null,
  }
}
