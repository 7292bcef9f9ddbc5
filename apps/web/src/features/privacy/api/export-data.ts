/**
 * GET /api/me/export answers with `Content-Disposition: attachment`: a plain link downloads the
 * JSON file with the session cookie, no script needed.
 */
export const EXPORT_DATA_URL = '/api/me/export'

/** GET /api/me/export/summary: the same data as a readable pt-BR page (HTML), also a download. */
export const EXPORT_SUMMARY_URL = '/api/me/export/summary'
