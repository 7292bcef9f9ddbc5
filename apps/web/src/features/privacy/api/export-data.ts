/**
 * GET /api/me/export answers with `Content-Disposition: attachment`: a plain link downloads the
 * JSON file with the session cookie, no script needed.
 */
export const EXPORT_DATA_URL = '/api/me/export'
