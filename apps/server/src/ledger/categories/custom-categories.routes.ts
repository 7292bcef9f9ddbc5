import {
  CATEGORY_LABELS,
  type Category,
  categoryType,
  customCategoryCreateSchema,
  customCategoryPatchSchema,
} from '@equilibrai/shared'
import { type Context, Hono } from 'hono'
import { parseBody, pathId } from '../../platform/index.ts'
import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../../tenancy/index.ts'
import { customCategoryDocs as docs } from './custom-categories.docs.ts'
import {
  createCustomCategory,
  deleteCustomCategory,
  listCustomCategories,
  updateCustomCategory,
} from './custom-categories.queries.ts'
import { CustomCategoryNotFoundError } from './errors.ts'

type Ctx = Context<LedgerBindings>

const categoryId = (c: Ctx) => pathId(c, () => new CustomCategoryNotFoundError())

const DEFAULTS = (Object.keys(CATEGORY_LABELS) as Category[]).map((category) => ({
  category,
  name: CATEGORY_LABELS[category],
  type: categoryType(category),
}))

/**
 * /api/v1/categories (issue 26, ADR 026): the default categories, which never change, and the
 * ledger's own (a team member's are the team's). Another ledger's category answers 404.
 */
export function customCategoriesRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>()
    .use('/v1/categories', requireLedgerCaller(deps))
    .use('/v1/categories/*', requireLedgerCaller(deps))
    .get('/v1/categories', docs.list, async (c) =>
      c.json({
        defaults: DEFAULTS,
        custom: await listCustomCategories(db, { ledgerId: c.var.caller.ledgerId }),
      }),
    )
    .post('/v1/categories', docs.create, async (c) => {
      const input = await parseBody(c, customCategoryCreateSchema)
      return c.json(await createCustomCategory(db, { ledgerId: c.var.caller.ledgerId, input }), 201)
    })
    .patch('/v1/categories/:id', docs.update, async (c) => {
      const id = categoryId(c)
      const patch = await parseBody(c, customCategoryPatchSchema)
      return c.json(await updateCustomCategory(db, { ledgerId: c.var.caller.ledgerId, id, patch }))
    })
    .delete('/v1/categories/:id', docs.remove, async (c) => {
      await deleteCustomCategory(db, { ledgerId: c.var.caller.ledgerId, id: categoryId(c) })
      return c.body(null, 204)
    })
}
