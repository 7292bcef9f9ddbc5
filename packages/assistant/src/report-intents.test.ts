import { describe, expect, it } from 'vitest'
import { readReportRequest } from './report-intents.ts'
import { understand } from './understand.ts'

// Monday 23 November 2026, 10:00 in São Paulo.
const ctx = { now: new Date('2026-11-23T13:00:00Z') }

describe('report requests', () => {
  it.each<[string, ReturnType<typeof readReportRequest>]>([
    ['relatório', { kind: 'report', period: 'month' }],
    ['Relatorio', { kind: 'report', period: 'month' }],
    ['relatório do mês', { kind: 'report', period: 'month' }],
    ['relatório mensal', { kind: 'report', period: 'month' }],
    ['me manda o relatório por favor', { kind: 'report', period: 'month' }],
    ['relatório deste mês', { kind: 'report', period: 'month', month: '2026-11' }],
    ['relatório de outubro', { kind: 'report', period: 'month', month: '2026-10' }],
    ['relatório de dezembro', { kind: 'report', period: 'month', month: '2025-12' }],
    ['relatório de março de 2025', { kind: 'report', period: 'month', month: '2025-03' }],
    ['relatório do mês passado', { kind: 'report', period: 'month', month: '2026-10' }],
    ['relatório da semana', { kind: 'report', period: 'week' }],
    ['relatorio semanal', { kind: 'report', period: 'week' }],
    ['pdf', { kind: 'report_pdf' }],
    ['PDF', { kind: 'report_pdf' }],
    ['relatório em pdf', { kind: 'report_pdf' }],
    ['me manda o pdf', { kind: 'report_pdf' }],
    ['extrato em pdf', { kind: 'report_pdf' }],
    ['pdf de outubro', { kind: 'report_pdf', month: '2026-10' }],
    ['relatório em pdf do mês passado', { kind: 'report_pdf', month: '2026-10' }],
    ['pdf deste mês', { kind: 'report_pdf', month: '2026-11' }],
  ])('%s', (text, expected) => {
    expect(readReportRequest(text, ctx)).toEqual(expected)
    expect(understand(text, ctx)).toEqual(expected)
  })

  it.each([
    'resumo',
    'resumo da semana',
    'relatório de gastos com mercado',
    'gastei 45 no relatório',
    'impressora pdf 300',
    'pdf da semana',
    'relatório 2025',
    'saldo',
  ])('%s is not a report request', (text) => {
    expect(readReportRequest(text, ctx)).toBeNull()
  })

  it('leaves the summary, entries and other commands as they were', () => {
    expect(understand('resumo', ctx)).toEqual({ kind: 'summary' })
    expect(understand('relatório de gastos com mercado', ctx).kind).toBe('summary')
    expect(understand('gastei 45,90 no mercado', ctx).kind).toBe('entry')
  })
})
