import { describe, expect, it } from 'vitest'
import { replies } from './replies.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z')

describe('replies for several entries, installments, dates to come and non-entries', () => {
  it('lists each item and says how to undo them', () => {
    const d = understand('uber 20 e ifood 40', { now })
    if (d.kind !== 'entries') throw new Error(d.kind)
    const text = replies.entriesRecorded(d.entries, { monthly: { used: 3, max: 5 } })
    expect(text).toContain('Anotei 2 lançamentos')
    expect(text).toContain('R$ 20,00 · uber · Transporte (18/11)')
    expect(text).toContain('Você usou 3 de 5 lançamentos do mês.')
    expect(text).toContain('*desfazer*')
  })

  it('describes an installment plan', () => {
    const d = understand('comprei uma TV de 2.400 em 12x', { now })
    if (d.kind !== 'installments') throw new Error(d.kind)
    const text = replies.installmentsRecorded(d.plan)
    expect(text).toContain('*tv*, R$ 2.400,00 em 12x')
    expect(text).toContain('1ª parcela: R$ 200,00 em 18/11')
    expect(text).toContain('até 18/10/2027')
    expect(text).toContain('*cancelar parcelas*')
  })

  it('asks about a date still to come and records nothing', () => {
    const d = understand('mercado 200 amanhã', { now })
    if (d.kind !== 'confirm_date') throw new Error(d.kind)
    const text = replies.confirmDate(d.entry, d.said_on)
    expect(text).toContain('*19/11* ainda não chegou')
    expect(text).toContain('Foi hoje?')
    expect(text).toContain('*conta … vence dia …*')
  })

  it('says why nothing was recorded', () => {
    expect(replies.notEntry('question')).toMatch(/pergunta, então não anotei nada/)
    expect(replies.notEntry('plan')).toMatch(/plano/)
    expect(replies.notEntry('arithmetic')).toMatch(/conta de cabeça/)
    expect(replies.notEntry('statement')).toMatch(/comentário/)
  })

  it('names what the limit kept out', () => {
    const text = replies.entriesPartlyRecorded([], 2, { max: 5, upgradeUrl: 'https://x/dashboard' })
    expect(text).toContain('2 itens não foram registrados')
    expect(text).toContain('https://x/dashboard')
  })
})
