import type { AccountKind, IsoDate } from '@equilibrai/shared'
import type { Decision } from './types.ts'

/*
 * Accounts in a message (ARCHITECTURE §9): the types the account readers decide. The
 * assistant never reads the database: the server passes the ledger's accounts in the context
 * (AssistantContext.accounts) and acts on the decisions.
 */

/** One list of kinds for the server, the web and the assistant (packages/shared). */
export type { AccountKind }

/** One of the ledger's accounts as the assistant sees it. */
export type AccountInfo = {
  id: number
  name: string
  kind: AccountKind
  is_default: boolean
  /** Archived accounts are never chosen by a message, nor offered as a choice. */
  archived: boolean
}

/** What the message said the money did; it words the reply and the transfer's description. */
export type TransferPurpose = 'transfer' | 'investment' | 'withdrawal' | 'redemption'

/** A transfer between two of the ledger's accounts: never an income nor an expense. */
export type TransferDraft = {
  from_account_id: number
  to_account_id: number
  amount_cents: number
  occurred_on: IsoDate
  description: string
  purpose: TransferPurpose
}

/**
 * 'paguei a fatura do nubank': pay the card's latest closed bill from `from_account_id`;
 * `amount_cents` when the message named one, else what is left of that bill.
 */
export type CardBillPayment = {
  card_id: number
  from_account_id: number
  amount_cents: number | null
  paid_on: IsoDate
}

/** Which account a question fills: the entry's, a transfer's origin or destination, the card. */
export type AccountSlot = 'entry' | 'from' | 'to' | 'card'

export type AccountChoice = { id: number; name: string; kind: AccountKind }

/** One account the message left open: why, in the user's words, and the choices. */
export type AccountAsk = {
  slot: AccountSlot
  /** No account fits what was said ('nubank' with no such account), or several do. */
  reason: 'unknown' | 'several'
  /** The words that named it, as typed ('nubank', 'crédito'); '' when it named none. */
  said: string
  choices: AccountChoice[]
}

/** The decisions an account question can complete. */
export type AccountPending =
  | Extract<
      Decision,
      {
        kind: 'entry' | 'entries' | 'installments' | 'confirm_large' | 'confirm_date' | 'transfer'
      }
    >
  | Extract<Decision, { kind: 'pay_card_bill' | 'card_bill_query' | 'import_statement' }>

/**
 * A question before anything is recorded. `asks[0]` is asked now; the others after it is
 * answered (a transfer whose two sides were both unclear). In `pending`, the ids of the slots
 * still asked are 0.
 */
export type AccountQuestion = { asks: AccountAsk[]; pending: AccountPending }

/** What needs an account of a kind the ledger lacks, when there is nothing else to offer. */
export type MissingAccount = 'credit_card' | 'cash' | 'savings' | 'investment' | 'other'

export type AccountDecision =
  | { kind: 'transfer'; transfer: TransferDraft }
  | { kind: 'pay_card_bill'; payment: CardBillPayment }
  /** 'fatura do nubank', 'quanto está a fatura?': each card's open and last closed bill. */
  | { kind: 'card_bill_query'; card_ids: number[] }
  /** A name or kind that matches no account, or matches several: nothing recorded yet. */
  | { kind: 'choose_account'; question: AccountQuestion }
  /** The message needs an account the ledger does not have; nothing recorded. */
  | { kind: 'missing_account'; need: MissingAccount; purpose: TransferPurpose | 'card_bill' }
  /** A transfer without its amount, or with one too large to take by message. */
  | { kind: 'transfer_needs_amount'; purpose: TransferPurpose | 'card_bill'; too_large: boolean }
  /** 'não' / 'cancelar' as the answer to an account question. */
  | { kind: 'account_choice_cancelled' }
  /**
   * A statement file sent as a document, read by the server: the account it is for was asked
   * ('De qual conta é este extrato?'); the answer fills `account_id` of the server's preview.
   */
  | { kind: 'import_statement'; import_id: number; account_id: number }
