import type { Category } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { categorize, lexiconConflicts, lexiconSize, singular } from './categorize.ts'
import { learnableWords } from './learn.ts'
import { normalizeWord } from './normalize.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z')

describe('categorize: expenses', () => {
  it.each<[string, Category]>([
    ['almoço', 'alimentacao'],
    ['almoco', 'alimentacao'],
    ['jantar no japonês', 'alimentacao'],
    ['ifood', 'alimentacao'],
    ['iFood', 'alimentacao'],
    ['pizza', 'alimentacao'],
    ['pizzas', 'alimentacao'],
    ['padoca', 'alimentacao'],
    ['mc donalds', 'alimentacao'],
    ['bk', 'alimentacao'],
    ['açaí', 'alimentacao'],
    ['coxinha e refri', 'alimentacao'],
    ['marmita', 'alimentacao'],
    ['quentinha', 'alimentacao'],
    ['uber eats', 'alimentacao'],
    ['zé delivery', 'alimentacao'],
    ['restaurate', 'alimentacao'],
    ['mercado', 'mercado'],
    ['supermercado', 'mercado'],
    ['sacolão', 'mercado'],
    ['hortifruti', 'mercado'],
    ['quitanda', 'mercado'],
    ['atacadão', 'mercado'],
    ['assaí', 'mercado'],
    ['compras do mês', 'mercado'],
    ['açougue', 'mercado'],
    ['uber', 'transporte'],
    ['99', 'transporte'],
    ['99pop', 'transporte'],
    ['cabify', 'transporte'],
    ['gasolina', 'transporte'],
    ['posto shell', 'transporte'],
    ['ipiranga', 'transporte'],
    ['bilhete único', 'transporte'],
    ['metrô', 'transporte'],
    ['pedágio', 'transporte'],
    ['estacionamento', 'transporte'],
    ['uber pro mercado', 'transporte'],
    ['aluguel', 'moradia'],
    ['condomínio', 'moradia'],
    ['diarista', 'moradia'],
    ['faxina', 'moradia'],
    ['conta de luz', 'contas_casa'],
    ['luz', 'contas_casa'],
    ['enel', 'contas_casa'],
    ['cemig', 'contas_casa'],
    ['copel', 'contas_casa'],
    ['sabesp', 'contas_casa'],
    ['comgás', 'contas_casa'],
    ['conta da claro', 'contas_casa'],
    ['conta da vivo', 'contas_casa'],
    ['tim', 'contas_casa'],
    ['net', 'contas_casa'],
    ['sky', 'contas_casa'],
    ['botijão', 'contas_casa'],
    ['gás', 'contas_casa'],
    ['internet', 'contas_casa'],
    ['farmácia', 'saude'],
    ['farmacia', 'saude'],
    ['drogaria', 'saude'],
    ['drogasil', 'saude'],
    ['pague menos', 'saude'],
    ['raia', 'saude'],
    ['psicólogo', 'saude'],
    ['terapia', 'saude'],
    ['unimed', 'saude'],
    ['hapvida', 'saude'],
    ['vacina', 'saude'],
    ['exame', 'saude'],
    ['escola', 'educacao'],
    ['faculdade', 'educacao'],
    ['curso de inglês', 'educacao'],
    ['livros', 'educacao'],
    ['cinema', 'lazer'],
    ['boteco', 'lazer'],
    ['cerveja', 'lazer'],
    ['show', 'lazer'],
    ['netflix', 'assinaturas'],
    ['spotify', 'assinaturas'],
    ['hbo max', 'assinaturas'],
    ['globoplay', 'assinaturas'],
    ['deezer', 'assinaturas'],
    ['chatgpt', 'assinaturas'],
    ['amazon prime', 'assinaturas'],
    ['mercado livre', 'compras'],
    ['shopee', 'compras'],
    ['shein', 'compras'],
    ['renner', 'compras'],
    ['riachuelo', 'compras'],
    ['c&a', 'compras'],
    ['zara', 'compras'],
    ['magalu', 'compras'],
    ['americanas', 'compras'],
    ['casas bahia', 'compras'],
    ['tênis', 'compras'],
    ['salão', 'cuidados_pessoais'],
    ['barbeiro', 'cuidados_pessoais'],
    ['academia', 'cuidados_pessoais'],
    ['smartfit', 'cuidados_pessoais'],
    ['manicure', 'cuidados_pessoais'],
    ['ração', 'pets'],
    ['petz', 'pets'],
    ['cobasi', 'pets'],
    ['veterinário', 'pets'],
    ['vacina do cachorro', 'pets'],
    ['detran', 'impostos'],
    ['multa', 'impostos'],
    ['dpvat', 'impostos'],
    ['iptu', 'impostos'],
    ['ipva', 'impostos'],
    ['DAS', 'impostos'],
    ['das do mei', 'impostos'],
    ['darf', 'impostos'],
    ['inss', 'impostos'],
    ['irpf', 'impostos'],
    ['simples nacional', 'impostos'],
    ['fornecedor', 'negocio'],
    ['estoque', 'negocio'],
    ['salário do funcionário', 'negocio'],
    ['escola das crianças', 'educacao'],
    ['ir ao cinema', 'lazer'],
    ['compras no mercado', 'mercado'],
    ['taxa do ifood', 'alimentacao'],
    ['boliche', 'outros'],
    ['xyz', 'outros'],
    ['', 'outros'],
  ])('%s → %s', (description, category) => {
    expect(categorize(description, 'expense')).toBe(category)
  })
})

describe('categorize: incomes', () => {
  it.each<[string, Category]>([
    ['salário', 'salario'],
    ['13º salário', 'salario'],
    ['férias', 'salario'],
    ['venda', 'vendas'],
    ['pix do cliente', 'vendas'],
    ['cliente pagou', 'vendas'],
    ['freela', 'servicos'],
    ['bico', 'servicos'],
    ['consultoria', 'servicos'],
    ['rendimento', 'investimentos'],
    ['dividendos', 'investimentos'],
    ['juros', 'investimentos'],
    ['resgate', 'investimentos'],
    ['reembolso', 'outras_receitas'],
    ['presente da vó', 'outras_receitas'],
    ['qualquer coisa', 'outras_receitas'],
  ])('%s → %s', (description, category) => {
    expect(categorize(description, 'income')).toBe(category)
  })
})

describe('learned words', () => {
  it('override the lexicon', () => {
    expect(categorize('uber', 'expense', { uber: 'negocio' })).toBe('negocio')
    expect(categorize('boliche 80', 'expense', { boliche: 'lazer' })).toBe('lazer')
  })

  it('apply only to entries of their own type', () => {
    expect(categorize('uber', 'income', { uber: 'negocio' })).toBe('servicos')
  })

  it('are safe with prototype-looking words and keys', () => {
    const tricky = JSON.parse('{"__proto__": "lazer", "constructor": "pets"}') as Record<
      string,
      Category
    >
    expect(categorize('__proto__ constructor toString', 'expense', tricky)).toBe('pets')
    expect(categorize('constructor', 'expense')).toBe('outros')
    // An unknown word and a bare number: asked, never recorded silently (confidence.ts).
    expect(understand('toString 50', { now, learnedWords: tricky }).kind).toBe('confirm_entry')
  })

  it('ignore values that are not categories', () => {
    const bad = { uber: 'nope' } as unknown as Record<string, Category>
    expect(categorize('uber', 'expense', bad)).toBe('transporte')
  })

  it('teach after a correction: boliche goes to lazer next time', () => {
    // Unsure the first time ('Registrar R$ 80,00 em Outros?'); 'Sim' records it as outros.
    const first = understand('boliche 80', { now })
    expect(first.kind === 'confirm_entry' && first.entry.category).toBe('outros')
    const description = first.kind === 'confirm_entry' ? first.entry.description : ''
    const change = understand('mudar categoria do último para lazer', { now })
    expect(change).toEqual({ kind: 'change_category', category: 'lazer' })
    const learned = Object.fromEntries(
      learnableWords(description).map((w) => [w, 'lazer' as const]),
    )
    expect(learned).toEqual({ boliche: 'lazer' })
    const next = understand('boliche 50', { now, learnedWords: learned })
    expect(next.kind === 'entry' && next.entry.category).toBe('lazer')
  })

  it('can make a message an income', () => {
    const d = understand('mesada 200', { now, learnedWords: { mesada: 'outras_receitas' } })
    expect(d.kind === 'entry' && d.entry.type).toBe('income')
  })

  it.each<[string, string[]]>([
    ['Boliche com a galera', ['boliche', 'galera']],
    ['conta do bar', ['bar']],
    ['almoço no Café Paris', ['almoco', 'cafe', 'paris']],
    ['2 pizzas', ['pizzas']],
    ['uber', ['uber']],
    ['gasto de 50 reais', []],
  ])('learnableWords(%s) → %j', (description, words) => {
    expect(learnableWords(description)).toEqual(words)
  })
})

describe('lexicon', () => {
  it('files no phrase under two categories of the same type', () => {
    expect(lexiconConflicts()).toEqual([])
  })

  it('holds several hundred phrases', () => {
    expect(lexiconSize()).toBeGreaterThan(700)
  })

  it.each<[string, string]>([
    ['pizzas', 'pizza'],
    ['botijões', 'botijao'],
    ['pães', 'pao'],
    ['jornais', 'jornal'],
    ['bens', 'bem'],
    ['gás', 'gas'],
  ])('singular(%s) → %s', (plural, one) => {
    expect(singular(normalizeWord(plural))).toBe(one)
  })
})
