// No zod here: the landing page imports these helpers and must stay small.
import type { FeatureKey } from './plans.ts'

/*
 * The product's words in code (docs/glossary.md is the list people read). Screens, server
 * errors and WhatsApp replies take a feature's name from here, so the landing page, the
 * dashboard and a "not in your plan" answer say the same thing.
 */

type FeatureWords = {
  /** How the feature reads in a list (the landing's pricing cards, the dashboard's plans). */
  phrase: string
  /** The feature as the subject of a sentence: article, gender and number agree with it. */
  subject: string
  plural: boolean
}

export const FEATURE_WORDS: Record<FeatureKey, FeatureWords> = {
  controle_financeiro: {
    phrase: 'Controle de gastos e receitas',
    subject: 'O controle de gastos e receitas',
    plural: false,
  },
  acesso_whatsapp: {
    phrase: 'Acesso pelo WhatsApp',
    subject: 'O acesso pelo WhatsApp',
    plural: false,
  },
  relatórios_básicos: {
    phrase: 'Relatórios básicos',
    subject: 'Os relatórios básicos',
    plural: true,
  },
  alertas_orçamento: {
    phrase: 'Alertas de orçamento',
    subject: 'Os alertas de orçamento',
    plural: true,
  },
  exportação_pdf: { phrase: 'Exportação em PDF', subject: 'A exportação em PDF', plural: false },
  análise_avançada: { phrase: 'Análise avançada', subject: 'A análise avançada', plural: false },
  dashboard_equipe: { phrase: 'Painel da equipe', subject: 'O painel da equipe', plural: false },
  suporte_prioritário: {
    phrase: 'Suporte prioritário',
    subject: 'O suporte prioritário',
    plural: false,
  },
  acesso_api: { phrase: 'Acesso à API', subject: 'O acesso à API', plural: false },
  integrações_personalizadas: {
    phrase: 'Integrações personalizadas',
    subject: 'As integrações personalizadas',
    plural: true,
  },
  suporte_dedicado: { phrase: 'Suporte dedicado', subject: 'O suporte dedicado', plural: false },
}

const isKnown = (key: string): key is FeatureKey => Object.hasOwn(FEATURE_WORDS, key)

/** A feature as a list reads it: the glossary's phrase, or the key's words for an unknown one. */
export function featurePhrase(key: string): string {
  if (isKnown(key)) return FEATURE_WORDS[key].phrase
  const words = key.replaceAll('_', ' ')
  return words.charAt(0).toLocaleUpperCase('pt-BR') + words.slice(1)
}

/**
 * "Os relatórios básicos não fazem parte do seu plano.", with the cheapest plan that has it:
 * the verb and "disponível" agree with the feature. `bold` wraps the plan's name (WhatsApp).
 */
export function featureNotInPlanText(
  key: FeatureKey,
  planName: string | null,
  { bold = false }: { bold?: boolean } = {},
): string {
  const { subject, plural } = FEATURE_WORDS[key]
  const first = `${subject} não ${plural ? 'fazem' : 'faz'} parte do seu plano.`
  if (!planName) return first
  const name = bold ? `*${planName}*` : planName
  return `${first} ${plural ? 'Disponíveis' : 'Disponível'} a partir do plano ${name}.`
}

/** Proper names keep their spelling inside the spec's capitalised labels. */
const PROPER_WORDS: Record<string, string> = { whatsapp: 'WhatsApp', pdf: 'PDF', api: 'API' }

/**
 * The dashboard's 'Recursos do seu Plano' label (spec §2: the key with underscores as spaces
 * and each word capitalised) — with WhatsApp, PDF and API spelt as the landing spells them.
 */
export function featureLabel(key: string): string {
  return key
    .split('_')
    .map((word) => PROPER_WORDS[word] ?? word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1))
    .join(' ')
}
