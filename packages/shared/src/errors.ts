/** The HTTP error body every /api route answers with (ARCHITECTURE §5). */
export type ApiErrorBody = { error: { code: string; message: string } }
