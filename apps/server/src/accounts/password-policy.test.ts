import { firstIssueMessage } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import {
  COMMON_PASSWORD_MESSAGE,
  commonPasswordCount,
  isCommonPassword,
  serverPasswordSchema,
} from './password-policy.ts'

describe('common passwords', () => {
  it('ships at least 1,000 distinct entries', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000)
  })

  it('matches without case, including pt-BR favourites', () => {
    for (const p of [
      'Senha123',
      'SENHA123',
      'Brasil2024',
      'Flamengo123',
      'Password1',
      'Maria2023',
    ]) {
      expect(isCommonPassword(p), p).toBe(true)
    }
    expect(isCommonPassword('Cafe-Com-Leite-42')).toBe(false)
  })

  it('comes after the spec rules: a weak password gets the rule message first', () => {
    const weak = serverPasswordSchema.safeParse('senha123')
    expect(weak.success).toBe(false)
    if (!weak.success) {
      expect(firstIssueMessage(weak.error)).toBe('Senha deve conter ao menos uma letra maiúscula')
    }
    const common = serverPasswordSchema.safeParse('Senha123')
    expect(common.success).toBe(false)
    if (!common.success) expect(firstIssueMessage(common.error)).toBe(COMMON_PASSWORD_MESSAGE)
    expect(serverPasswordSchema.safeParse(`${'x'.repeat(100)}A1`).success).toBe(true)
  })
})
