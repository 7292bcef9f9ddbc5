import { createMiddleware } from 'hono/factory'
import { AppError, type Queryable } from '../../platform/index.ts'
import type { LedgerBindings } from '../../tenancy/index.ts'

/*
 * Statement files are for paid plans (ARCHITECTURE §10: price > 0). This reads the price, not
 * a feature flag: §6 keeps the same eleven feature keys on every plan.
 */

export async function ownerPaysForPlan(db: Queryable, ownerId: string): Promise<boolean> {
  const { rows } = await db.query<{ paid: boolean }>(
    `select p.price_monthly > 0 as paid
       from subscribers s join plan_features p on p.plan_type = s.plan_type
      where s.user_id = $1`,
    [ownerId],
  )
  return rows[0]?.paid === true
}

/** The cheapest paid plan's name ('Pessoa Física'): what the refusal and WhatsApp name. */
export async function cheapestPaidPlanName(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    'select name from plan_features where price_monthly > 0 order by price_monthly limit 1',
  )
  return rows[0]?.name ?? 'Pessoa Física'
}

export class ImportsNotInPlanError extends AppError {
  constructor(planName: string) {
    super(
      403,
      'FEATURE_NOT_IN_PLAN',
      `Importar extratos não faz parte do seu plano. Disponível a partir do plano ${planName}.`,
    )
  }
}

export async function assertImportsAllowed(db: Queryable, ownerId: string): Promise<void> {
  if (await ownerPaysForPlan(db, ownerId)) return
  throw new ImportsNotInPlanError(await cheapestPaidPlanName(db))
}

/** Route guard, after requireLedgerCaller. */
export function requirePaidPlan({ db }: { db: Queryable }) {
  return createMiddleware<LedgerBindings>(async (c, next) => {
    await assertImportsAllowed(db, c.var.caller.ownerId)
    await next()
  })
}
