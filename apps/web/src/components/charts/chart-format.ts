import { formatBRL } from '@equilibrai/shared'

const compact = new Intl.NumberFormat('pt-BR', {
  notation: 'compact',
  maximumFractionDigits: 1,
})

/**
 * Axis ticks in reais, short: 1234567 centavos → 'R$ 12,3 mil'. The spaces are non-breaking:
 * the chart wraps a tick at a space, and 'R$' alone on a line above '4,5 mil' reads as nothing.
 */
export function brlTick(cents: number): string {
  return `R$ ${compact.format(cents / 100)}`.replace(/\s/g, '\u00a0')
}

/** Tooltips and tables: the full amount. */
export function brlValue(cents: number): string {
  return formatBRL(cents)
}

/**
 * The palette charts use, light and dark friendly, each meeting 3:1 against the card
 * background (WCAG 1.4.11 for graphical objects).
 */
export const CHART_COLORS = {
  income: '#047857',
  expense: '#b91c1c',
  neutral: '#475569',
  series: ['#0f766e', '#b45309', '#1d4ed8', '#7e22ce', '#be123c', '#4d7c0f'],
} as const
