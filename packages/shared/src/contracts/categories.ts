import { z } from 'zod'
import { categorySchema, entryTypeSchema } from '../transactions.ts'

/* What /api/v1/categories answers (issue 26, ADR 026). */

const customCategory = z.object({
  id: z.number().int(),
  name: z.string().meta({ example: 'Cachorro' }),
  emoji: z.string().nullable().meta({ example: '🐶' }),
  type: entryTypeSchema,
  category: categorySchema.meta({
    description: 'A categoria padrão em que ela conta (relatórios, orçamentos, alertas)',
  }),
  entries: z.number().int().meta({ description: 'Quantos lançamentos estão nela' }),
})
export type CustomCategory = z.infer<typeof customCategory>

export const customCategoryExample: CustomCategory = {
  id: 12,
  name: 'Cachorro',
  emoji: '🐶',
  type: 'expense',
  category: 'pets',
  entries: 3,
}

export const customCategorySchema = customCategory.meta({
  id: 'CustomCategory',
  example: customCategoryExample,
})

export const categoryListSchema = z
  .object({
    defaults: z.array(
      z.object({ category: categorySchema, name: z.string(), type: entryTypeSchema }),
    ),
    custom: z.array(customCategorySchema),
  })
  .meta({ id: 'CategoryList' })
export type CategoryList = z.infer<typeof categoryListSchema>

/** The custom category an entry is in, as an entry carries it. */
export const entryCustomCategorySchema = z
  .object({ id: z.number().int(), name: z.string(), emoji: z.string().nullable() })
  .nullable()
  .meta({ description: 'A categoria própria do lançamento (dentro de `category`), ou null' })
