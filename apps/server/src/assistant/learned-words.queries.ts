import type { Category } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/** Teaches words (already normalised) a category; a later correction wins. */
export async function learnWords(
  db: Queryable,
  { ledgerId, words, category }: { ledgerId: number; words: string[]; category: Category },
): Promise<void> {
  const unique = [...new Set(words)].filter((w) => w.length > 0 && w.length <= 60)
  if (unique.length === 0) return
  await db.query(
    `insert into learned_category_words (ledger_id, word, category)
     select $1, w, $3 from unnest($2::text[]) as w
     on conflict (ledger_id, word) do update set category = excluded.category, updated_at = now()`,
    [ledgerId, unique, category],
  )
}
