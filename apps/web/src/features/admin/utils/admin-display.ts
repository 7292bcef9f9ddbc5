import { isPremium } from '@equilibrai/shared'

/** The Plano column's badge (spec §2, §4): 'Pro' for any plan but free. */
export function planBadgeLabel(planType: string | null | undefined): 'Pro' | 'Gratuito' {
  return planType && isPremium(planType) ? 'Pro' : 'Gratuito'
}

/**
 * The Status column (spec §4): 'active' is treated as active, so it reads 'Ativa' (the glossary:
 * no English status on a screen); any other value as stored, and the spec's 'inactive' when
 * there is none.
 */
export function statusLabel(status: string | null | undefined): string {
  if (status === 'active') return 'Ativa'
  return status?.trim() ? status : 'inactive'
}

/** The note under 'Assinantes Pro': which plan types the spec's rule counts. */
export function proRuleNote(planTypes: readonly string[]): string {
  const quoted = planTypes.map((t) => `'${t}'`)
  const list =
    quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} e ${quoted.at(-1)}` : (quoted[0] ?? '')
  return `Conta só os tipos de plano ${list}, como na especificação; nenhum plano atual usa esses tipos. Os números reais estão em 'Assinantes pagantes'.`
}

export function formatCount(n: number): string {
  return n.toLocaleString('pt-BR')
}
