import { transactionExample, transactionSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { expectContract } from './contract.ts'

describe('expectContract', () => {
  it('passes an answer that keeps its contract, and returns it', () => {
    expect(expectContract(transactionSchema, { ...transactionExample })).toEqual(transactionExample)
  })

  it.each([
    ['a field the contract does not declare', { ...transactionExample, ledger_id: 9 }],
    ['a missing field', { ...transactionExample, created_by: undefined }],
    ['a day written as an instant', { ...transactionExample, occurred_on: '2026-11-10T03:00:00Z' }],
    ['an amount as text', { ...transactionExample, amount_cents: '4590' }],
  ])('fails on %s', (_, body) => {
    expect(() => expectContract(transactionSchema, body)).toThrow()
  })
})
