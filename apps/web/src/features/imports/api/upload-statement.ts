import type { CsvMapping, ImportCommit, ImportDetail, ImportSummary } from '@equilibrai/shared'

/** A failed call with the server's pt-BR message (and its code: MAPPING_REQUIRED asks for columns). */
export class ImportError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

function errorOf(status: number, text: string): ImportError {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } }
    if (body.error?.message)
      return new ImportError(status, body.error.code ?? '', body.error.message)
  } catch {
    // not JSON
  }
  return new ImportError(status, '', 'Não foi possível enviar o arquivo. Tente novamente.')
}

/**
 * POST /api/v1/imports as multipart, through XMLHttpRequest so the page can show the upload's
 * progress (fetch cannot report it). `onProgress` gets 0..1.
 */
export function uploadStatement(
  input: { file: File; accountId?: number; mapping?: CsvMapping },
  onProgress: (fraction: number) => void,
): Promise<ImportSummary> {
  const form = new FormData()
  form.set('file', input.file)
  if (input.accountId) form.set('account_id', String(input.accountId))
  if (input.mapping) form.set('mapping', JSON.stringify(input.mapping))
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/v1/imports')
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as ImportSummary)
      else reject(errorOf(xhr.status, xhr.responseText))
    }
    xhr.onerror = () =>
      reject(
        new ImportError(0, '', 'Não foi possível falar com o servidor. Verifique sua conexão.'),
      )
    xhr.send(form)
  })
}

async function call<T>(method: string, path: string): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {},
    body: method === 'POST' ? '{}' : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw errorOf(res.status, text)
  return JSON.parse(text) as T
}

/** The rows of an import shown per page of the preview table. */
export const IMPORT_PAGE_SIZE = 200

/** One page of an import's rows (after `cursor`), or only the "a conferir" rows (`review`). */
export const getImport = (id: number, page: { cursor?: string | null; review?: boolean } = {}) => {
  const query = new URLSearchParams({ limit: String(page.review ? 1000 : IMPORT_PAGE_SIZE) })
  if (page.cursor) query.set('cursor', page.cursor)
  if (page.review) query.set('review', 'true')
  return call<ImportDetail>('GET', `/api/v1/imports/${id}?${query}`)
}
export const commitImport = (id: number) =>
  call<ImportCommit>('POST', `/api/v1/imports/${id}/commit`)
export const unmatchItem = (id: number, ord: number) =>
  call<unknown>('POST', `/api/v1/imports/${id}/items/${ord}/unmatch`)
export const getAccounts = () =>
  call<{ data: { id: number; name: string; is_default: boolean; archived: boolean }[] }>(
    'GET',
    '/api/v1/accounts',
  )
