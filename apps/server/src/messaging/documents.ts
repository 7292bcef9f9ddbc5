import type { Queryable } from '../platform/index.ts'
import {
  classifyGraphError,
  type GraphConfig,
  type GraphResult,
  graphFailure,
} from './graph-api.ts'

/*
 * Files sent as WhatsApp documents (the PDF statement). The file is stored when the reply is
 * decided (whatsapp_documents), so a retried send uploads the very same bytes, the simulator
 * offers the same file for download, and a redelivered message finds it by its message id.
 * Sending one is two calls to the Cloud API: POST /{phone-number-id}/media (multipart) gives a
 * media id, kept on the row so a retry does not upload again; then a 'document' message with it.
 * Stored files are erased with the message texts (whatsapp/recovery.ts applyRetention).
 */

export type StoredDocument = { id: number; filename: string }

export async function storeDocument(
  db: Queryable,
  input: {
    userId: string
    filename: string
    mimeType: string
    content: Buffer
    sourceMessageId?: string | undefined
  },
): Promise<StoredDocument> {
  const { rows } = await db.query<StoredDocument>(
    `insert into whatsapp_documents (user_id, filename, mime_type, content, source_message_id)
     values ($1, $2, $3, $4, $5) returning id, filename`,
    [input.userId, input.filename, input.mimeType, input.content, input.sourceMessageId ?? null],
  )
  const row = rows[0]
  if (!row) throw new Error('document was not stored')
  return row
}

/** The file a message asked for, if one was stored (a redelivered message). */
export async function documentForMessage(
  db: Queryable,
  { messageId }: { messageId: string },
): Promise<StoredDocument | null> {
  const { rows } = await db.query<StoredDocument>(
    'select id, filename from whatsapp_documents where source_message_id = $1',
    [messageId],
  )
  return rows[0] ?? null
}

/** A person's stored file (the simulator's download): null when it is not theirs or is gone. */
export async function getDocument(
  db: Queryable,
  { id, userId }: { id: number; userId: string },
): Promise<{ filename: string; mime_type: string; content: Buffer } | null> {
  const { rows } = await db.query<{ filename: string; mime_type: string; content: Buffer }>(
    'select filename, mime_type, content from whatsapp_documents where id = $1 and user_id = $2',
    [id, userId],
  )
  return rows[0] ?? null
}

/**
 * Meta's media id for a stored file: the one recorded by an earlier attempt, or a fresh upload
 * (recorded at once). A missing file (erased) fails without retry.
 */
export async function documentMediaId(
  db: Queryable,
  config: GraphConfig,
  documentId: number,
): Promise<{ ok: true; mediaId: string } | Extract<GraphResult, { ok: false }>> {
  const { rows } = await db.query<{
    filename: string
    mime_type: string
    content: Buffer
    media_id: string | null
  }>('select filename, mime_type, content, media_id from whatsapp_documents where id = $1', [
    documentId,
  ])
  const doc = rows[0]
  if (!doc) return graphFailure(false, 0, 'documento não encontrado')
  if (doc.media_id) return { ok: true, mediaId: doc.media_id }
  const uploaded = await uploadMedia(config, doc)
  if (!uploaded.ok) return uploaded
  await db.query('update whatsapp_documents set media_id = $2 where id = $1', [
    documentId,
    uploaded.mediaId,
  ])
  return uploaded
}

/** POST {base}/{phone-number-id}/media, multipart: messaging_product, type and the file. */
export async function uploadMedia(
  config: GraphConfig,
  file: { filename: string; mime_type: string; content: Buffer },
): Promise<{ ok: true; mediaId: string } | Extract<GraphResult, { ok: false }>> {
  const form = new FormData()
  form.set('messaging_product', 'whatsapp')
  form.set('type', file.mime_type)
  form.set(
    'file',
    new Blob([new Uint8Array(file.content)], { type: file.mime_type }),
    file.filename,
  )
  let response: Response
  try {
    response = await fetch(`${config.apiBase.replace(/\/$/, '')}/${config.phoneNumberId}/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.accessToken}` },
      body: form,
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    })
  } catch (error) {
    const name = (error as Error).name
    return graphFailure(
      true,
      0,
      name === 'TimeoutError'
        ? 'tempo esgotado no envio do arquivo'
        : `rede: ${(error as Error).message}`,
    )
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown } | null
  if (response.ok && typeof body?.id === 'string' && body.id) {
    return { ok: true, mediaId: body.id }
  }
  if (response.ok) return graphFailure(false, response.status, 'upload sem id de mídia')
  return classifyGraphError(response.status, body, response.headers.get('retry-after'))
}
