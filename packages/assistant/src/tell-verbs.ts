import { Role, type Token, WORD, setRoleAt, wordAt } from './tokens.ts'

/**
 * 'me conta…', 'conta pra mim…', 'me conta aí': here 'conta' is the verb *contar* (tell), not
 * a bill, so it must never make a message the contas category or a bill. The verb and its
 * 'me' / 'pra mim' become FILLER: commands, categories and descriptions skip them.
 */
const TELL = new Set(['conta', 'contar', 'conte', 'contaria'])
const TO_ME = new Set(['mim', 'gente', 'nos', 'nois'])

export function markTellVerbs(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    // 'c' first: one comparison for nearly every word.
    if (t === undefined || t.kind !== WORD || t.text.charCodeAt(0) !== 99 || !TELL.has(t.text))
      continue
    const before = wordAt(tokens, i - 1)
    const after = wordAt(tokens, i + 1)
    const toMe =
      (after === 'pra' || after === 'para' || after === 'pro') && TO_ME.has(wordAt(tokens, i + 2))
    if (before === 'me' || before === 'nos' || toMe || after === 'ai' || t.text !== 'conta') {
      t.role = Role.FILLER
      if (before === 'me' || before === 'nos') setRoleAt(tokens, i - 1, Role.FILLER)
      if (toMe) {
        setRoleAt(tokens, i + 1, Role.FILLER)
        setRoleAt(tokens, i + 2, Role.FILLER)
      }
    }
  }
}
