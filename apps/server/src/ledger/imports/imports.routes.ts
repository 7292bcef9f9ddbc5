import { csvMappingSchema, importItemsQuerySchema, MAX_IMPORT_BYTES } from '@equilibrai/shared'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  BadRequestError,
  parseQuery,
  pathId,
  ValidationError,
  withTransaction,
} from '../../platform/index.ts'
import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../../tenancy/index.ts'
import { FileTooLargeError, ImportNotFoundError } from './errors.ts'
import { importDocs as docs } from './imports.docs.ts'
import { commitImport, getImport, previewImport, unmatchItem } from './imports.service.ts'
import { requirePaidPlan } from './paid-plan.ts'

type Ctx = Context<LedgerBindings>

const importId = (c: Ctx) => pathId(c, () => new ImportNotFoundError())
/** Room for the multipart envelope around a file of MAX_IMPORT_BYTES. */
const ENVELOPE = 64 * 1024

async function readUpload(c: Ctx) {
  let form: Record<string, unknown>
  try {
    form = await c.req.parseBody()
  } catch (error) {
    if (error instanceof FileTooLargeError) throw error
    throw new BadRequestError(
      'Envie o arquivo em multipart/form-data no campo "file".',
      'INVALID_UPLOAD',
    )
  }
  const file = form.file
  if (!(file instanceof File)) {
    throw new BadRequestError('Envie o extrato no campo "file".', 'INVALID_UPLOAD')
  }
  if (file.size > MAX_IMPORT_BYTES) throw new FileTooLargeError()
  const rawAccount = form.account_id
  let accountId: number | null = null
  if (typeof rawAccount === 'string' && rawAccount.trim() !== '') {
    if (!/^[1-9]\d{0,14}$/.test(rawAccount.trim())) {
      throw new BadRequestError('account_id precisa ser o id de uma conta.', 'VALIDATION_ERROR')
    }
    accountId = Number(rawAccount)
  }
  let mapping = null
  if (typeof form.mapping === 'string' && form.mapping.trim() !== '') {
    let json: unknown
    try {
      json = JSON.parse(form.mapping)
    } catch {
      throw new BadRequestError('O mapeamento de colunas não é um JSON válido.', 'VALIDATION_ERROR')
    }
    const parsed = csvMappingSchema.safeParse(json)
    if (!parsed.success) throw new ValidationError(parsed.error)
    mapping = parsed.data
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), accountId, mapping }
}

/**
 * /api/v1/imports (ARCHITECTURE §10): statement files, previewed then committed; paid plans
 * only (403 FEATURE_NOT_IN_PLAN). The upload is the one multipart body of the API. Parsing a
 * file and committing its rows run in the import lane (ARCHITECTURE §12): beyond it and its
 * queue, 503 BUSY with Retry-After.
 */
export function importsRoutes(deps: AppDeps) {
  const { db, lanes } = deps
  return new Hono<LedgerBindings>()
    .use('/v1/imports', requireLedgerCaller(deps), requirePaidPlan(deps))
    .use('/v1/imports/*', requireLedgerCaller(deps), requirePaidPlan(deps))
    .post(
      '/v1/imports',
      docs.create,
      bodyLimit({
        maxSize: MAX_IMPORT_BYTES + ENVELOPE,
        onError: () => {
          throw new FileTooLargeError()
        },
      }),
      async (c) => {
        const upload = await readUpload(c)
        const caller = c.var.caller
        const summary = await lanes.import.run(() =>
          withTransaction(db, (tx) =>
            previewImport(tx, {
              ledger: caller,
              userId: caller.userId,
              accountId: upload.accountId,
              bytes: upload.bytes,
              mapping: upload.mapping,
            }),
          ),
        )
        return c.json(summary, 201)
      },
    )
    .get('/v1/imports/:id', docs.get, async (c) => {
      const id = importId(c)
      const query = parseQuery(c, importItemsQuerySchema)
      return c.json(await getImport(db, { ledgerId: c.var.caller.ledgerId, importId: id, query }))
    })
    .post('/v1/imports/:id/commit', docs.commit, async (c) => {
      const id = importId(c)
      const caller = c.var.caller
      const result = await lanes.import.run(() =>
        withTransaction(db, (tx) =>
          commitImport(tx, {
            ledger: caller,
            userId: caller.userId,
            importId: id,
            source: caller.source,
          }),
        ),
      )
      return c.json(result)
    })
    .post('/v1/imports/:id/items/:ord/unmatch', docs.unmatch, async (c) => {
      const id = importId(c)
      const ord = pathId(c, () => new ImportNotFoundError(), 'ord')
      const caller = c.var.caller
      const item = await withTransaction(db, (tx) =>
        unmatchItem(tx, {
          ledger: caller,
          userId: caller.userId,
          importId: id,
          ord,
          source: caller.source,
        }),
      )
      return c.json(item)
    })
}
