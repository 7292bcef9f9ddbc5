import { z } from 'zod'

export const PLAN_TYPES = ['free', 'pf_simples', 'empresas_2', 'empresas_15'] as const
export const planTypeSchema = z.enum(PLAN_TYPES)
export type PlanType = z.infer<typeof planTypeSchema>

/** The eleven feature keys, the same on every plan (ARCHITECTURE §6). */
export const FEATURE_KEYS = [
  'controle_financeiro',
  'acesso_whatsapp',
  'relatórios_básicos',
  'alertas_orçamento',
  'exportação_pdf',
  'análise_avançada',
  'dashboard_equipe',
  'suporte_prioritário',
  'acesso_api',
  'integrações_personalizadas',
  'suporte_dedicado',
] as const
export type FeatureKey = (typeof FEATURE_KEYS)[number]
export type PlanFeatureFlags = Record<FeatureKey, boolean>

/** -1 in max_monthly_transactions means no limit. */
export const UNLIMITED = -1

export const planFeaturesSchema = z.object({
  plan_type: planTypeSchema,
  name: z.string(),
  price_monthly: z.number(),
  stripe_price_id: z.string().nullable(),
  max_monthly_transactions: z.number().int(),
  max_users: z.number().int(),
  features: z.record(z.string(), z.boolean()),
})
export type PlanFeatures = z.infer<typeof planFeaturesSchema>

/** Feature label as the spec shows it: underscores as spaces, each word capitalised. */
export function featureLabel(key: string): string {
  return key
    .split('_')
    .map((word) => word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1))
    .join(' ')
}

/** 'free' is the only non-premium plan (spec §4). */
export function isPremium(planType: string): boolean {
  return planType !== 'free'
}

/** Price as the product shows it: `R$ 19,90`. */
export function formatPrice(priceMonthly: number): string {
  return `R$ ${priceMonthly.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
