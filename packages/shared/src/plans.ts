// No zod here: the landing page imports these helpers and must stay small.
export const PLAN_TYPES = ['free', 'pf_simples', 'empresas_2', 'empresas_15'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

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

/**
 * The monthly limit as every screen words it: 'lançamentos' (the assistant's and the finance
 * page's word). The spec's 'Transações' row label on the plan card stays as written there.
 */
export function monthlyEntriesPhrase(max: number): string {
  if (max === UNLIMITED) return 'Lançamentos ilimitados'
  return max === 1 ? 'Até 1 lançamento por mês' : `Até ${max} lançamentos por mês`
}

/** The plan's seats. */
export function usersPhrase(max: number): string {
  return max <= 1 ? '1 usuário' : `Até ${max} usuários`
}

/** A plan_features row as GET /api/plans and GET /api/subscription answer it. */
export type PlanFeatures = {
  plan_type: PlanType
  name: string
  price_monthly: number
  stripe_price_id: string | null
  max_monthly_transactions: number
  max_users: number
  features: Record<string, boolean>
}

/** 'free' is the only non-premium plan (spec §4). */
export function isPremium(planType: string): boolean {
  return planType !== 'free'
}

/** Price as the product shows it: `R$ 19,90`. */
export function formatPrice(priceMonthly: number): string {
  return `R$ ${priceMonthly.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
