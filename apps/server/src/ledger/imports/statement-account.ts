import type { AccountKind } from '@equilibrai/shared'
import type { StatementSource } from './statement.ts'

/*
 * Which of the ledger's accounts a statement sent on WhatsApp is for (the web page lets the
 * person pick; a WhatsApp document comes with no account). The file says whether it is a card's
 * or a bank account's and often which bank's: the accounts of that kind whose name holds the
 * bank's are the candidates, else all of that kind. One candidate is the account; none is the
 * default account (ARCHITECTURE §10); several are a question ('De qual conta é este extrato?').
 * Pure.
 */

export type AccountForStatement = {
  id: number
  name: string
  kind: AccountKind
  is_default: boolean
  archived: boolean
}

export type StatementAccount = { account: AccountForStatement } | { choices: AccountForStatement[] }

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Whether an account's name mentions the bank ('Nubank' ∋ 'nubank'; 'Conta Itaú' ∋ 'itau'). */
function namesBank(account: AccountForStatement, bank: string): boolean {
  const name = fold(account.name)
  const words = bank.split(/\s+/).filter((w) => w.length > 1)
  return words.length > 0 && words.every((w) => name.includes(w))
}

export function accountForStatement(
  accounts: readonly AccountForStatement[],
  source: StatementSource,
): StatementAccount {
  const open = accounts.filter((a) => !a.archived)
  const main = open.find((a) => a.is_default) ?? open[0]
  if (!main) throw new Error('a ledger always has a default account')
  const ofKind =
    source.card === null ? open : open.filter((a) => (a.kind === 'credit_card') === source.card)
  const named = source.bank ? ofKind.filter((a) => namesBank(a, source.bank as string)) : []
  const candidates = named.length > 0 ? named : ofKind
  if (candidates.length === 0) return { account: main }
  if (candidates.length === 1) return { account: candidates[0] as AccountForStatement }
  // The default account first: the usual answer is one tap away.
  return {
    choices: [...candidates].sort((a, b) => Number(b.is_default) - Number(a.is_default)),
  }
}
