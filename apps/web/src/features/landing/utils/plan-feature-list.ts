import {
  FEATURE_KEYS,
  type FeatureKey,
  featureLabel,
  monthlyEntriesPhrase,
  usersPhrase,
} from '@equilibrai/shared'
import type { Plan } from '@/lib/get-plans'

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

/** The card's list: limits first, then every enabled flag in the canonical order. */
export function planFeatureList(plan: Plan): string[] {
  const known = FEATURE_KEYS.filter((key) => plan.features[key])
  const unknown = Object.keys(plan.features).filter(
    (key) => !isFeatureKey(key) && plan.features[key],
  )
  return [
    monthlyEntriesPhrase(plan.max_monthly_transactions),
    usersPhrase(plan.max_users),
    ...known.map((key) => FEATURE_PHRASES[key]),
    ...unknown.map(featureLabel),
  ]
}
