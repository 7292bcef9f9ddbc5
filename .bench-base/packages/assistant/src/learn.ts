import { foldText } from './normalize.ts'
import { WORD, tokenize } from './tokens.ts'
import {
  CURRENCY_WORDS,
  EDGE_WORDS,
  EXPENSE_VERBS,
  INCOME_VERBS,
  MONTHS,
  NEUTRAL_VERBS,
  UNIT_WORDS,
  WEEKDAYS,
} from './vocabulary.ts'

/**
 * Learning from corrections. After 'mudar categoria do último para lazer' on 'boliche 80',
 * the server stores each learnable word of the entry's description with the new category;
 * understand() then reads them from ctx.learnedWords, ahead of the built-in lexicon.
 */

// Generic words a user's correction must not teach: 'conta' → lazer after fixing 'conta do bar'
// would send every future bill to lazer.
const NOT_LEARNABLE = new Set([
  ...EDGE_WORDS,
  ...EXPENSE_VERBS,
  ...INCOME_VERBS,
  ...NEUTRAL_VERBS,
  ...CURRENCY_WORDS,
  ...UNIT_WORDS,
  ...MONTHS.keys(),
  ...WEEKDAYS.keys(),
  ...[
    'conta',
    'contas',
    'compra',
    'compras',
    'pagamento',
    'boleto',
    'loja',
    'taxa',
    'coisa',
    'coisas',
  ],
  ...['dia', 'mes', 'semana', 'feira', 'novo', 'nova', 'outro', 'outra', 'hoje', 'ontem', 'amanha'],
])

/**
 * The words of a description worth remembering after the user corrects its category:
 * normalized, stopwords and generic words removed, no numbers, no duplicates. The server
 * stores each as learnedWords[word] = category.
 */
export function learnableWords(description: string): string[] {
  const out: string[] = []
  for (const t of tokenize(foldText(description.slice(0, 300)))) {
    if (t.kind !== WORD || t.text.length < 2 || NOT_LEARNABLE.has(t.text) || out.includes(t.text))
      continue
    out.push(t.text)
  }
  return out
}
