import { formatPrice, planTypeSchema } from '@equilibrai/shared'
import { setPlanPrice } from '../../../tenancy/index.ts'
import { type CliCommand, UsageError } from '../command.ts'

/** `19,90`, `19.90` or `19` reais → centavos. */
export function parsePrice(text: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

export const setPrice: CliCommand = {
  usage: 'set-price <plan_type> <price_monthly> [stripe_price_id]',
  description: 'muda o preço mensal de um plano (ex.: set-price pf_simples 24,90 price_123)',
  async run({ db, print }, [planType, price, stripePriceId]) {
    const plan = planTypeSchema.safeParse(planType)
    if (!plan.success) throw new UsageError(`plano desconhecido: ${planType ?? '(vazio)'}`)
    const cents = price === undefined ? null : parsePrice(price)
    if (cents === null) throw new UsageError(`preço inválido: ${price ?? '(vazio)'} (use 19,90)`)
    if (plan.data === 'free' && cents !== 0) throw new UsageError('o plano free custa R$ 0,00')
    const updated = await setPlanPrice(db, {
      planType: plan.data,
      priceCents: cents,
      stripePriceId,
    })
    if (!updated) throw new UsageError(`plano não encontrado: ${plan.data}`)
    print(
      `${updated.name}: ${formatPrice(updated.price_monthly)}/mês` +
        (updated.stripe_price_id ? ` (Stripe: ${updated.stripe_price_id})` : ''),
    )
  },
}
