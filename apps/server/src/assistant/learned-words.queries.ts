import type { Category } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/** A ledger's taught words, word → category (the categoriser's per-ledger lexicon). */
export async function getLearnedWords(
  db: Queryable,
  { ledgerId }: { ledgerId: number },
): Promise<Record<string, Category>> {
  const { rows } = await db.query<{ word: string; category: Category }>(
    'select word, category from learned_category_words where ledger_id = $1',
    [ledgerId],
  )
  // A null-prototype object: a word like 'constructor' must not find Object's own members.
  const words: Record<string, Category> = Object.create(null)
  for (const row of rows) words[row.word] = row.category
  return words
}

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
