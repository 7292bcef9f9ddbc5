import { FEATURE_KEYS, type FeatureKey, featureLabel, UNLIMITED } from '@equilibrai/shared'
import type { Plan } from '../api/get-plans'

/** How each feature flag reads on a pricing card. */
export const FEATURE_PHRASES: Record<FeatureKey, string> = {
  controle_financeiro: 'Controle de gastos e receitas',
  acesso_whatsapp: 'Acesso pelo WhatsApp',
  relatórios_básicos: 'Relatórios básicos',
  alertas_orçamento: 'Alertas de orçamento',
  exportação_pdf: 'Exportação em PDF',
  análise_avançada: 'Análise avançada',
  dashboard_equipe: 'Painel da equipe',
  suporte_prioritário: 'Suporte prioritário',
  acesso_api: 'Acesso à API',
  integrações_personalizadas: 'Integrações personalizadas',
  suporte_dedicado: 'Suporte dedicado',
}

const isFeatureKey = (key: string): key is FeatureKey => Object.hasOwn(FEATURE_PHRASES, key)

export function transactionsPhrase(max: number): string {
  if (max === UNLIMITED) return 'Lançamentos ilimitados'
  return max === 1 ? 'Até 1 lançamento por mês' : `Até ${max} lançamentos por mês`
}

export function usersPhrase(max: number): string {
  return max <= 1 ? '1 usuário' : `Até ${max} usuários`
}

/** The card's list: limits first, then every enabled flag in the canonical order. */
export function planFeatureList(plan: Plan): string[] {
  const known = FEATURE_KEYS.filter((key) => plan.features[key])
  const unknown = Object.keys(plan.features).filter(
    (key) => !isFeatureKey(key) && plan.features[key],
  )
  return [
    transactionsPhrase(plan.max_monthly_transactions),
    usersPhrase(plan.max_users),
    ...known.map((key) => FEATURE_PHRASES[key]),
    ...unknown.map(featureLabel),
  ]
}
