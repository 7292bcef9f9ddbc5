import type { AccountAsk, AccountChoice, AccountQuestion } from './account-types.ts'
import { withAccountId } from './entry-account.ts'
import { foldText } from './normalize.ts'
import type { Decision } from './types.ts'

/*
 * The answer to 'Em qual conta?': the very next message, within PENDING_WINDOW_MS (the server
 * keeps the question in assistant_state, as for 'sim'). Understood: the number of a choice
 * ('2', '2.', 'a 2', 'opção 2'), its name ('nubank', 'no nubank'), or 'não' / 'cancelar'. A
 * number out of range asks again; anything else is not an answer (null): the question is
 * dropped and the message is read on its own.
 */

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

const FILLER = set(`
  a o e eh no na do da de em pra pro para com pelo pela conta cartao opcao numero nº num
  foi e essa esse isso mesmo pf por favor sim
`)
const YES = set('sim s ok okay blz beleza pode isso essa esse mesmo confirmo claro')
const NO = set('nao n cancelar cancela cancele nenhum nenhuma nenhum esquece deixa desisto')

function words(text: string): string[] {
  return foldText(text.slice(0, 200))
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}

function nameWords(name: string): string[] {
  const all = words(name)
  const distinct = all.filter((w) => !FILLER.has(w))
  return distinct.length > 0 ? distinct : all
}

/** The choice the words name: every word of exactly one choice's name. */
function byName(said: readonly string[], choices: readonly AccountChoice[]): AccountChoice | null {
  const have = new Set(said)
  const fits = choices.filter((c) => nameWords(c.name).every((w) => have.has(w)))
  if (fits.length === 1) return fits[0] ?? null
  // 'itaú' for 'Itaú Personnalité': a word only one choice's name holds.
  const partial = choices.filter((c) => nameWords(c.name).some((w) => have.has(w)))
  return partial.length === 1 ? (partial[0] ?? null) : null
}

/** `pending` with the asked slot filled by account `id`. */
function fill(
  then: AccountQuestion['pending'],
  ask: AccountAsk,
  id: number,
): AccountQuestion['pending'] {
  switch (then.kind) {
    case 'transfer':
      return {
        ...then,
        transfer: {
          ...then.transfer,
          ...(ask.slot === 'from' ? { from_account_id: id } : { to_account_id: id }),
        },
      }
    case 'pay_card_bill':
      return {
        ...then,
        payment: {
          ...then.payment,
          ...(ask.slot === 'card' ? { card_id: id } : { from_account_id: id }),
        },
      }
    case 'card_bill_query':
      return { ...then, card_ids: [id] }
    case 'import_statement':
      return { ...then, account_id: id }
    default:
      return withAccountId(then, id) as AccountQuestion['pending']
  }
}

/** What the answer `text` to `question` decides, or null when it is no answer. */
export function answerAccountQuestion(text: string, question: AccountQuestion): Decision | null {
  if (typeof text !== 'string') return null
  const [ask, ...rest] = question.asks
  if (ask === undefined) return null
  const all = words(text)
  // One choice offered: 'sim' takes it.
  const single = ask.choices.length === 1 ? ask.choices[0] : undefined
  if (single && all.length > 0 && all.length <= 3 && all.every((w) => YES.has(w)))
    return next(question, ask, rest, single)
  const said = all.filter((w) => !FILLER.has(w))
  if (said.length === 0 || said.length > 5) return null
  if (said.every((w) => NO.has(w))) return { kind: 'account_choice_cancelled' }
  let choice: AccountChoice | null = null
  const only = said[0] ?? ''
  if (said.length === 1 && /^\d{1,2}$/.test(only)) {
    choice = ask.choices[Number(only) - 1] ?? null
    // '7' when there were 3 choices: ask again rather than read '7' as R$ 7,00.
    if (choice === null) return { kind: 'choose_account', question }
  } else {
    choice = byName(said, ask.choices)
  }
  return choice === null ? null : next(question, ask, rest, choice)
}

/** The decision once `ask` is answered with `choice`: done, or the next side to ask. */
function next(
  question: AccountQuestion,
  ask: AccountAsk,
  rest: readonly AccountAsk[],
  choice: AccountChoice,
): Decision {
  const then = fill(question.pending, ask, choice.id)
  if (rest.length === 0) return then
  const chosen = choice.id
  const asks = rest.map((q) => ({ ...q, choices: q.choices.filter((c) => c.id !== chosen) }))
  if (asks.some((q) => q.choices.length === 0))
    return { kind: 'missing_account', need: 'other', purpose: purposeOf(then) }
  return { kind: 'choose_account', question: { asks, pending: then } }
}

function purposeOf(then: AccountQuestion['pending']) {
  return then.kind === 'transfer' ? then.transfer.purpose : 'card_bill'
}
