import type { Category } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/**
 * Teaches words (already normalised) a category; a later correction wins. With a category of
 * one's own (migration 037), `category` is the default it sits under and the word remembers both;
 * a correction to a default category forgets the custom one.
 */
export async function learnWords(
  db: Queryable,
  {
    ledgerId,
    words,
    category,
    customCategoryId = null,
  }: { ledgerId: number; words: string[]; category: Category; customCategoryId?: number | null },
): Promise<void> {
  const unique = [...new Set(words)].filter((w) => w.length > 0 && w.length <= 60)
  if (unique.length === 0) return
  await db.query(
    `insert into learned_category_words (ledger_id, word, category, custom_category_id)
     select $1, w, $3, $4 from unnest($2::text[]) as w
     on conflict (ledger_id, word) do update
       set category = excluded.category, custom_category_id = excluded.custom_category_id,
           updated_at = now()`,
    [ledgerId, unique, category, customCategoryId],
  )
}

/** The custom categories the assistant reads, each with the words taught to it. */
export function withTaughtWords<C extends { id: number }>(
  list: readonly C[],
  customWords: Readonly<Record<string, number>>,
): (C & { words?: string[] })[] {
  const taught = new Map<number, string[]>()
  for (const [word, id] of Object.entries(customWords)) {
    const words = taught.get(Number(id))
    if (words) words.push(word)
    else taught.set(Number(id), [word])
  }
  if (taught.size === 0) return [...list]
  return list.map((c) => {
    const words = taught.get(Number(c.id))
    return words ? { ...c, words } : c
  })
}
