import { MAX_ACCOUNTS } from '@equilibrai/shared'
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/index.ts'

/** An account that is not one of this ledger's (another person's answers the same: 404). */
export class AccountNotFoundError extends NotFoundError {
  constructor() {
    super('Conta não encontrada.')
  }
}

export class TransferNotFoundError extends NotFoundError {
  constructor() {
    super('Transferência não encontrada.')
  }
}

export class InvoiceNotFoundError extends NotFoundError {
  constructor() {
    super('Fatura não encontrada.')
  }
}

export class AccountNameTakenError extends ConflictError {
  constructor() {
    super('Já existe uma conta com esse nome.', 'ACCOUNT_NAME_TAKEN')
  }
}

/** Entries or transfers name the account: archive it instead. */
export class AccountInUseError extends ConflictError {
  constructor() {
    super(
      'Essa conta tem lançamentos ou transferências e não pode ser apagada. Arquive-a.',
      'ACCOUNT_IN_USE',
    )
  }
}

/** The default account takes the entries recorded without one: never deleted nor archived. */
export class DefaultAccountError extends ConflictError {
  constructor(action: 'apagada' | 'arquivada') {
    super(
      `A conta principal não pode ser ${action}. Marque outra conta como principal antes.`,
      'DEFAULT_ACCOUNT',
    )
  }
}

export class AccountArchivedError extends UnprocessableError {
  constructor() {
    super('Essa conta está arquivada. Desarquive-a para lançar nela.', 'ACCOUNT_ARCHIVED')
  }
}

export class NotACardError extends UnprocessableError {
  constructor() {
    super('Essa conta não é um cartão de crédito.', 'NOT_A_CARD')
  }
}

export class InvoicePaidError extends UnprocessableError {
  constructor() {
    super('Essa fatura já está paga.', 'INVOICE_PAID')
  }
}

export class TooManyAccountsError extends UnprocessableError {
  constructor() {
    super(
      `Você já tem ${MAX_ACCOUNTS} contas. Apague ou reaproveite uma delas.`,
      'TOO_MANY_ACCOUNTS',
    )
  }
}
