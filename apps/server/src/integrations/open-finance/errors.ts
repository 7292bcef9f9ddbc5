import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/index.ts'

export class ConnectionNotFoundError extends NotFoundError {
  constructor() {
    super('Conexão bancária não encontrada.')
  }
}

export class ConnectionsNotInPlanError extends AppError {
  constructor(planName: string) {
    super(
      403,
      'FEATURE_NOT_IN_PLAN',
      `Conectar bancos (Open Finance) não faz parte do seu plano. Disponível a partir do plano ${planName}.`,
    )
  }
}

export class CredentialsNotAcceptedError extends BadRequestError {
  constructor() {
    super(
      'Neste ambiente o banco é conectado pelo widget do agregador: envie o item_id que ele devolveu.',
      'CREDENTIALS_NOT_ACCEPTED',
    )
  }
}

export class ConnectionExistsError extends ConflictError {
  constructor() {
    super('Esta conexão bancária já está cadastrada.', 'CONNECTION_EXISTS')
  }
}

export class NotWaitingForCodeError extends ConflictError {
  constructor() {
    super('Esta conexão não está esperando um código de segurança.', 'NOT_WAITING_FOR_CODE')
  }
}

export class UnknownItemError extends AppError {
  constructor() {
    super(422, 'UNKNOWN_ITEM', 'O agregador não conhece este item_id (ou este conector).')
  }
}

/** The aggregator did not answer as it should (5xx, 429, network): try again shortly. */
export class AggregatorUnavailableError extends AppError {
  constructor() {
    super(
      503,
      'AGGREGATOR_UNAVAILABLE',
      'O agregador de Open Finance não respondeu. Tente novamente em instantes.',
      {
        'Retry-After': '30',
      },
    )
  }
}
