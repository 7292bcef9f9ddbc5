import {
  type FeatureKey,
  type PlanFeatureFlags,
  type PlanType,
  FEATURE_KEYS,
  UNLIMITED,
} from '@equilibrai/shared'
import type { Env } from '../platform/index.ts'

/** The four plans of ARCHITECTURE §6, seeded at every start (idempotent). */
type SeedPlan = {
  plan_type: PlanType
  name: string
  price_monthly: string
  max_monthly_transactions: number
  max_users: number
  features: PlanFeatureFlags
}

function flags(...on: FeatureKey[]): PlanFeatureFlags {
  return Object.fromEntries(FEATURE_KEYS.map((k) => [k, on.includes(k)])) as PlanFeatureFlags
}

const BASE: FeatureKey[] = ['controle_financeiro', 'acesso_whatsapp']
const PF: FeatureKey[] = [...BASE, 'relatórios_básicos', 'alertas_orçamento', 'exportação_pdf']
const EMPRESAS_2: FeatureKey[] = [
  ...PF,
  'análise_avançada',
  'dashboard_equipe',
  'suporte_prioritário',
]
const EMPRESAS_15: FeatureKey[] = [
  ...EMPRESAS_2,
  'acesso_api',
  'integrações_personalizadas',
  'suporte_dedicado',
]

export const PLAN_CATALOG: SeedPlan[] = [
  {
    plan_type: 'free',
    name: 'Gratuito',
    price_monthly: '0.00',
    max_monthly_transactions: 5,
    max_users: 1,
    features: flags(...BASE),
  },
  {
    plan_type: 'pf_simples',
    name: 'Pessoa Física',
    price_monthly: '19.90',
    max_monthly_transactions: UNLIMITED,
    max_users: 1,
    features: flags(...PF),
  },
  {
    plan_type: 'empresas_2',
    name: 'Empresas 2',
    price_monthly: '49.90',
    max_monthly_transactions: UNLIMITED,
    max_users: 2,
    features: flags(...EMPRESAS_2),
  },
  {
    plan_type: 'empresas_15',
    name: 'Empresas 15',
    price_monthly: '149.90',
    max_monthly_transactions: UNLIMITED,
    max_users: 15,
    features: flags(...EMPRESAS_15),
  },
]

/** Stripe price ids given in the environment, by plan. */
export function stripePricesFromEnv(env: Env): Partial<Record<PlanType, string>> {
  const prices: Partial<Record<PlanType, string>> = {}
  if (env.STRIPE_PRICE_PF_SIMPLES) prices.pf_simples = env.STRIPE_PRICE_PF_SIMPLES
  if (env.STRIPE_PRICE_EMPRESAS_2) prices.empresas_2 = env.STRIPE_PRICE_EMPRESAS_2
  if (env.STRIPE_PRICE_EMPRESAS_15) prices.empresas_15 = env.STRIPE_PRICE_EMPRESAS_15
  return prices
}
