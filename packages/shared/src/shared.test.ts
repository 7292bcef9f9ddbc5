import { describe, expect, it } from 'vitest'
import {
  featureLabel,
  featureNotInPlanText,
  featurePhrase,
  formatBRL,
  formatDatePtBR,
  formatPrice,
  formatPhoneDigits,
  formatWaId,
  maskWhatsappInput,
  isRealDate,
  loginSchema,
  monthlyEntriesPhrase,
  profileSchema,
  reaisToCents,
  saoPauloDate,
  signupSchema,
  usersPhrase,
} from './index.ts'

const firstMessage = (result: {
  success: boolean
  error?: { issues: Array<{ message: string }> }
}) => result.error?.issues[0]?.message

describe('money', () => {
  it.each([
    [0, 'R$ 0,00'],
    [1990, 'R$ 19,90'],
    [123456, 'R$ 1.234,56'],
    [100000000, 'R$ 1.000.000,00'],
    [-1200, '-R$ 12,00'],
  ])('formatBRL(%i) = %s', (cents, text) => expect(formatBRL(cents)).toBe(text))

  it.each([
    [19.9, 1990],
    ['19.90', 1990],
    [0, 0],
    ['149.9', 14990],
    [0.07, 7],
  ])('reaisToCents(%s) = %i', (reais, cents) => expect(reaisToCents(reais)).toBe(cents))

  it('formats prices the Brazilian way', () => {
    expect(formatPrice(19.9)).toBe('R$ 19,90')
    expect(formatPrice(0)).toBe('R$ 0,00')
  })
})

describe('dates in São Paulo', () => {
  it('uses the São Paulo calendar day, not UTC', () => {
    expect(saoPauloDate(new Date('2026-11-19T02:30:00Z'))).toBe('2026-11-18')
    expect(saoPauloDate(new Date('2026-11-19T03:30:00Z'))).toBe('2026-11-19')
    expect(formatDatePtBR('2026-01-05T12:00:00Z')).toBe('05/01/2026')
  })
  it.each([
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-11-31', false],
    ['2026-1-05', false],
  ])('isRealDate(%s) = %s', (date, real) => expect(isRealDate(date)).toBe(real))
})

describe('plans', () => {
  it('labels features as the spec says', () => {
    expect(featureLabel('controle_financeiro')).toBe('Controle Financeiro')
    expect(featureLabel('relatórios_básicos')).toBe('Relatórios Básicos')
    // Each word capitalised, proper names spelt as the landing spells them.
    expect(featureLabel('acesso_whatsapp')).toBe('Acesso WhatsApp')
    expect(featureLabel('exportação_pdf')).toBe('Exportação PDF')
    expect(featureLabel('acesso_api')).toBe('Acesso API')
  })

  it('names features in the landing words, with agreement in sentences', () => {
    expect(featurePhrase('acesso_whatsapp')).toBe('Acesso pelo WhatsApp')
    expect(featurePhrase('exportação_pdf')).toBe('Exportação em PDF')
    expect(featurePhrase('acesso_api')).toBe('Acesso à API')
    expect(featurePhrase('modo_offline')).toBe('Modo offline')
    expect(featureNotInPlanText('relatórios_básicos', 'Pessoa Física')).toBe(
      'Os relatórios básicos não fazem parte do seu plano. Disponíveis a partir do plano Pessoa Física.',
    )
    expect(featureNotInPlanText('exportação_pdf', null)).toBe(
      'A exportação em PDF não faz parte do seu plano.',
    )
    expect(featureNotInPlanText('análise_avançada', 'Empresas 2', { bold: true })).toBe(
      'A análise avançada não faz parte do seu plano. Disponível a partir do plano *Empresas 2*.',
    )
  })

  it('words the monthly limit as lançamentos everywhere', () => {
    expect(monthlyEntriesPhrase(5)).toBe('Até 5 lançamentos por mês')
    expect(monthlyEntriesPhrase(1)).toBe('Até 1 lançamento por mês')
    expect(monthlyEntriesPhrase(-1)).toBe('Lançamentos ilimitados')
    expect(usersPhrase(1)).toBe('1 usuário')
    expect(usersPhrase(15)).toBe('Até 15 usuários')
  })
})

describe('validation messages (spec §5)', () => {
  it('login', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'x', password: 'a' }))).toBe(
      'Email inválido',
    )
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.com', password: '' }))).toBe(
      'Senha é obrigatória',
    )
  })

  const valid = {
    name: 'Ana',
    email: 'ana@x.com',
    phone: '',
    password: 'Segura123',
    confirmPassword: 'Segura123',
  }
  it.each([
    [{ name: 'A' }, 'Nome deve ter no mínimo 2 caracteres'],
    [{ email: 'ana' }, 'Email inválido'],
    [{ phone: '11 9abc' }, 'Formato de telefone inválido'],
    [{ phone: '11 9876' }, 'Telefone deve ter no mínimo 10 caracteres'],
    [{ phone: '+55 (11) 98765-4321 00' }, 'Telefone deve ter no máximo 20 caracteres'],
    [{ password: 'Ab1', confirmPassword: 'Ab1' }, 'Senha deve ter no mínimo 8 caracteres'],
    [
      { password: 'segura123', confirmPassword: 'segura123' },
      'Senha deve conter ao menos uma letra maiúscula',
    ],
    [
      { password: 'SeguraSegura', confirmPassword: 'SeguraSegura' },
      'Senha deve conter ao menos um número',
    ],
    [{ confirmPassword: 'Outra123' }, 'Senhas não coincidem'],
  ])('signup %j → %s', (change, message) => {
    expect(firstMessage(signupSchema.safeParse({ ...valid, ...change }))).toBe(message)
  })

  it('signup accepts an empty or valid phone', () => {
    expect(signupSchema.safeParse(valid).success).toBe(true)
    expect(signupSchema.safeParse({ ...valid, phone: '+55 (11) 98765-4321' }).success).toBe(true)
  })

  it.each([
    [{ name: ' A ' }, 'Nome deve ter pelo menos 2 caracteres'],
    [{ name: 'x'.repeat(101) }, 'Nome deve ter no máximo 100 caracteres'],
    [{ phone: 'abc' }, 'Telefone inválido'],
    [{ phone: '123' }, 'Telefone deve ter pelo menos 10 dígitos'],
    [{ phone: '1'.repeat(21) }, 'Telefone deve ter no máximo 20 caracteres'],
  ])('profile %j → %s', (change, message) => {
    expect(firstMessage(profileSchema.safeParse({ name: 'Ana', phone: '', ...change }))).toBe(
      message,
    )
  })

  it('profile trims and stores an empty phone as null', () => {
    expect(profileSchema.parse({ name: '  Ana Lima ', phone: '  ' })).toEqual({
      name: 'Ana Lima',
      phone: null,
    })
    expect(profileSchema.parse({ name: 'Ana', phone: ' (11) 98765-4321 ' })).toEqual({
      name: 'Ana',
      phone: '(11) 98765-4321',
    })
  })
})

describe('WhatsApp mask', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 98765'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['5511987654321', '5511987654321'],
  ])('maskWhatsappInput(%s) = %s', (input, output) => expect(maskWhatsappInput(input)).toBe(output))

  it('shows stored digits and wa_ids the Brazilian way', () => {
    expect(formatPhoneDigits('11987654321')).toBe('(11) 98765-4321')
    expect(formatPhoneDigits('1132654321')).toBe('(11) 3265-4321')
    expect(formatPhoneDigits('5511987654321')).toBe('+55 (11) 98765-4321')
    expect(formatPhoneDigits('123')).toBe('123')
    expect(formatWaId('5511987654321')).toBe('+55 (11) 98765-4321')
    expect(formatWaId('551187654321')).toBe('+55 (11) 8765-4321')
    expect(formatWaId('14155550123')).toBe('+14155550123')
  })
})
