import { z } from 'zod'
import { CATEGORY_LABELS, type Category, categoryType, FALLBACK_CATEGORY } from './categories.ts'
import { categorySchema, entryTypeSchema, hasControlCharacters } from './transactions.ts'

/*
 * Categories of one's own (issue 26, ADR 026): "Cachorro 🐶" under Pets, "Festa junina" under
 * Lazer. Each sits under a default category (ARCHITECTURE §7), which gives its type and is
 * what reports, budgets and alerts count it as. /api/v1/categories and the web form share
 * these schemas.
 */

export const MAX_CUSTOM_CATEGORIES = 100
export const MAX_CATEGORY_NAME = 40

/** Folded for comparing names: 'Saúde' and 'saude' are the same name. */
export function foldCategoryName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

const DEFAULT_NAMES = new Set(Object.values(CATEGORY_LABELS).map(foldCategoryName))

export const customCategoryNameSchema = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(1, 'Nome é obrigatório')
  .max(MAX_CATEGORY_NAME, `Nome deve ter no máximo ${MAX_CATEGORY_NAME} caracteres`)
  .refine((v) => !hasControlCharacters(v), 'O nome não pode conter caracteres de controle.')
  .refine((v) => /\p{L}/u.test(v), 'O nome precisa ter letras')
  .refine(
    (v) => !DEFAULT_NAMES.has(foldCategoryName(v)),
    'Essa categoria já existe entre as categorias padrão',
  )

/** One emoji (a flag, a skin tone, a family: a few code points), or none. */
export const categoryEmojiSchema = z
  .string({ error: 'Emoji inválido' })
  .trim()
  // A family or a flag is a few code points; more than 8 is more than one emoji.
  .refine((v) => Array.from(v).length <= 8, 'Escolha um emoji só')
  .refine(
    (v) =>
      v === '' ||
      (/^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f)+$/u.test(v) &&
        /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(v)),
    'Escolha um emoji',
  )
  .transform((v) => (v === '' ? null : v))

/** POST /api/v1/categories. Without `category`, it sits under Outros (or Outras receitas). */
export const customCategoryCreateSchema = z
  .object({
    name: customCategoryNameSchema,
    emoji: categoryEmojiSchema.nullable().optional(),
    type: entryTypeSchema.optional(),
    category: categorySchema.optional(),
  })
  .refine((v) => !v.type || !v.category || categoryType(v.category) === v.type, {
    message: 'Categoria não corresponde ao tipo',
    path: ['category'],
  })
  .transform((v) => ({
    name: v.name,
    emoji: v.emoji ?? null,
    category: v.category ?? FALLBACK_CATEGORY[v.type ?? 'expense'],
  }))
export type CustomCategoryCreate = z.output<typeof customCategoryCreateSchema>

/** PATCH /api/v1/categories/:id: rename, another emoji (null or '' removes it). */
export const customCategoryPatchSchema = z
  .object({
    name: customCategoryNameSchema.optional(),
    emoji: categoryEmojiSchema.nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.emoji !== undefined, 'Nada para alterar')
export type CustomCategoryPatch = z.output<typeof customCategoryPatchSchema>

/** How a custom category is shown: '🐶 Cachorro', or the name alone. */
export function customCategoryLabel(c: { name: string; emoji: string | null }): string {
  return c.emoji ? `${c.emoji} ${c.name}` : c.name
}

/** The label of a default category, for lists that mix both. */
export function defaultCategoryLabel(category: Category): string {
  return CATEGORY_LABELS[category]
}
