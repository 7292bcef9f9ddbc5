import { AppError, NotFoundError } from '../platform/index.ts'

/**
 * The plan's monthly entry limit is reached. 403: the plan does not allow it (the request was
 * fine). The message names the limit and the way out; the web links /dashboard#planos and the
 * assistant adds the full link.
 */
export class LimitReachedError extends AppError {
  constructor(
    readonly limit: number,
    readonly planName: string,
  ) {
    super(
      403,
      'MONTHLY_LIMIT_REACHED',
      `Você atingiu o limite de ${limit} lançamentos por mês do plano ${planName}. ` +
        'Assine um plano pago para lançar sem limite.',
    )
  }
}

export class TransactionNotFoundError extends NotFoundError {
  constructor() {
    super('Lançamento não encontrado.')
  }
}
