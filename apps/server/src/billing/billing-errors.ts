import { NO_SUBSCRIPTION_MESSAGE, PLAN_NOT_FOR_SALE_MESSAGE } from '@equilibrai/shared'
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnprocessableError,
} from '../platform/index.ts'

/** The plan exists but cannot be bought here (free, no price id, or no payment provider). */
export class PlanNotForSaleError extends UnprocessableError {
  constructor() {
    super(PLAN_NOT_FOR_SALE_MESSAGE, 'PLAN_NOT_FOR_SALE')
  }
}

/** The priceId names none of our plans. */
export class UnknownPriceError extends BadRequestError {
  constructor() {
    super('Plano não encontrado.', 'UNKNOWN_PRICE')
  }
}

export class AlreadyOnPlanError extends ConflictError {
  constructor() {
    super('Este já é o seu plano atual.', 'ALREADY_ON_PLAN')
  }
}

/** Nothing to manage in the portal yet: the user never had a customer (or a demo plan). */
export class NoSubscriptionError extends ConflictError {
  constructor() {
    super(NO_SUBSCRIPTION_MESSAGE, 'NO_SUBSCRIPTION')
  }
}

export class NoBillingAccountError extends NotFoundError {
  constructor() {
    super('Conta não encontrada.')
  }
}

/**
 * A webhook event that can never be applied (no user for its customer, a price of no plan, a
 * subscription Stripe does not know): recorded with the reason and not retried.
 */
export class UnprocessableEventError extends Error {}
