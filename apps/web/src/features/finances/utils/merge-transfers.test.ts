import type { Transaction } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import type { Transfer } from '@equilibrai/shared'
import { mergeTransfers } from './merge-transfers'

const entry = (id: number, occurred_on: string) => ({ id, occurred_on }) as Transaction
const transfer = (id: number, occurred_on: string) => ({ id, occurred_on }) as Transfer
const shape = (items: ReturnType<typeof mergeTransfers>) =>
  items.map((i) => (i.kind === 'entry' ? `e${i.entry.id}` : `t${i.transfer.id}`))

describe('entries and transfers in one list', () => {
  const entries = [entry(1, '2026-11-20'), entry(2, '2026-11-10'), entry(3, '2026-11-05')]
  const transfers = [
    transfer(7, '2026-11-25'),
    transfer(8, '2026-11-10'),
    transfer(9, '2026-11-01'),
  ]

  it('puts every transfer among the entries by date, newest first, once all are loaded', () => {
    expect(shape(mergeTransfers(entries, transfers, true))).toEqual([
      't7',
      'e1',
      'e2',
      't8',
      'e3',
      't9',
    ])
  })

  it('holds back transfers older than the last loaded entry while more entries are to come', () => {
    expect(shape(mergeTransfers(entries, transfers, false))).toEqual(['t7', 'e1', 'e2', 't8', 'e3'])
  })

  it('shows transfers alone in a month without entries', () => {
    expect(shape(mergeTransfers([], transfers, true))).toEqual(['t7', 't8', 't9'])
  })
})
