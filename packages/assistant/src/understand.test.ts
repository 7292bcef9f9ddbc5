import type { Category, EntryType } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import type { Decision } from './types.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z') // Wednesday, noon in São Paulo
const ctx = { now }

function entryOf(d: Decision) {
  return d.kind === 'entry' || d.kind === 'confirm_large' ? d.entry : null
}

describe('entries: amount, type, category, description', () => {
  it.each<[string, EntryType, number, Category, string]>([
    ['gastei 45,90 no mercado', 'expense', 4590, 'mercado', 'mercado'],
    ['mercado 45,90', 'expense', 4590, 'mercado', 'mercado'],
    ['45,90 no mercado', 'expense', 4590, 'mercado', 'mercado'],
    ['Mercado 45,90', 'expense', 4590, 'mercado', 'mercado'],
    ['paguei 120 de luz', 'expense', 12000, 'contas_casa', 'luz'],
    ['uber 23,50 ontem', 'expense', 2350, 'transporte', 'uber'],
    ['conta de luz 180', 'expense', 18000, 'contas_casa', 'conta de luz'],
    ['almoço 35', 'expense', 3500, 'alimentacao', 'almoço'],
    ['almoco 35', 'expense', 3500, 'alimentacao', 'almoco'],
    ['farmacia 32,90', 'expense', 3290, 'saude', 'farmacia'],
    ['restaurate 80', 'expense', 8000, 'alimentacao', 'restaurate'],
    ['comprei 2 pizzas por 80', 'expense', 8000, 'alimentacao', '2 pizzas'],
    ['paguei 15 no 99', 'expense', 1500, 'transporte', '99'],
    ['99 15,00', 'expense', 1500, 'transporte', '99'],
    ['99pop 18', 'expense', 1800, 'transporte', '99pop'],
    ['gasolina 200 no posto ipiranga', 'expense', 20000, 'transporte', 'gasolina'],
    ['R$ 89,90 netflix', 'expense', 8990, 'assinaturas', 'netflix'],
    ['netflix R$55,90', 'expense', 5590, 'assinaturas', 'netflix'],
    ['gastei 50 conto no bar', 'expense', 5000, 'lazer', 'bar'],
    ['cerveja 30 pila', 'expense', 3000, 'lazer', 'cerveja'],
    ['aluguel 1.800', 'expense', 180000, 'moradia', 'aluguel'],
    ['condomínio 650,00', 'expense', 65000, 'moradia', 'condomínio'],
    ['2,5 mil de reforma', 'expense', 250000, 'moradia', 'reforma'],
    ['notebook 1,5k', 'expense', 150000, 'compras', 'notebook'],
    ['tênis 399,90 na centauro', 'expense', 39990, 'compras', 'tênis'],
    ['drogasil 47,80', 'expense', 4780, 'saude', 'drogasil'],
    ['ração pro cachorro 159', 'expense', 15900, 'pets', 'ração pro cachorro'],
    ['DAS 75,90', 'expense', 7590, 'impostos', 'das'],
    ['paguei o DAS do MEI 75,90', 'expense', 7590, 'impostos', 'das do mei'],
    ['ipva 1.234,56', 'expense', 123456, 'impostos', 'ipva'],
    ['smartfit 109,90', 'expense', 10990, 'cuidados_pessoais', 'smartfit'],
    ['escola das crianças 1.200', 'expense', 120000, 'educacao', 'escola das crianças'],
    ['almoço com a equipe 80', 'expense', 8000, 'alimentacao', 'almoço com a equipe'],
    ['gastei 45 no mercado ontem com cartão', 'expense', 4500, 'mercado', 'mercado'],
    ['mercado 45,90 hoje no débito', 'expense', 4590, 'mercado', 'mercado'],
    ['o almoço foi 35', 'expense', 3500, 'alimentacao', 'almoço'],
    ['mercado deu 230', 'expense', 23000, 'mercado', 'mercado'],
    ['gasto com estacionamento 20', 'expense', 2000, 'transporte', 'estacionamento'],
    ['-45 padaria', 'expense', 4500, 'alimentacao', 'padaria'],
    ['gastei 50', 'expense', 5000, 'outros', 'gasto'],
    ['12 reais e 50 centavos de pão', 'expense', 1250, 'alimentacao', 'pão'],
    ['cinquenta reais de gasolina', 'expense', 5000, 'transporte', 'gasolina'],
    ['pedido #4521 do ifood 45', 'expense', 4500, 'alimentacao', 'ifood'],
    ['2 cervejas 18 reais', 'expense', 1800, 'lazer', '2 cervejas'],
    ['disney+ 33,90', 'expense', 3390, 'assinaturas', 'disney+'],
    ['c&a 120', 'expense', 12000, 'compras', 'c&a'],
    ['salário da diarista 150', 'income', 15000, 'salario', 'salário da diarista'],
    ['recebi 3.000 de salário', 'income', 300000, 'salario', 'salário'],
    ['recebi 3000 de salario', 'income', 300000, 'salario', 'salario'],
    ['salário 4.500', 'income', 450000, 'salario', 'salário'],
    ['caiu o salário 4.300', 'income', 430000, 'salario', 'salário'],
    ['ganhei 100 da minha avó', 'income', 10000, 'outras_receitas', 'avó'],
    ['entrou 1.500 de consultoria', 'income', 150000, 'servicos', 'consultoria'],
    ['vendi 2 bolos por 60', 'income', 6000, 'vendas', '2 bolos'],
    ['venda de brigadeiro 45', 'income', 4500, 'vendas', 'venda de brigadeiro'],
    ['cliente pagou 350', 'income', 35000, 'vendas', 'cliente'],
    ['pix do cliente 220', 'income', 22000, 'vendas', 'pix do cliente'],
    ['freela 800', 'income', 80000, 'servicos', 'freela'],
    ['+300 bico', 'income', 30000, 'servicos', 'bico'],
    ['+50', 'income', 5000, 'outras_receitas', 'receita'],
    ['rendimento da poupança 32,15', 'income', 3215, 'investimentos', 'rendimento da poupança'],
    ['dividendos 87,40', 'income', 8740, 'investimentos', 'dividendos'],
    ['me pagaram 200 do conserto', 'income', 20000, 'servicos', 'conserto'],
    ['recebi 40 de cashback', 'income', 4000, 'outras_receitas', 'cashback'],
    ['recebi 300 do uber', 'income', 30000, 'servicos', 'uber'],
    ['viagem de férias 3.000', 'expense', 300000, 'lazer', 'viagem de férias'],
    ['paguei o freela 300', 'expense', 30000, 'negocio', 'freela'],
  ])('%s → %s %i %s "%s"', (text, type, cents, category, description) => {
    const d = understand(text, ctx)
    expect(d.kind).toBe('entry')
    expect(entryOf(d)).toMatchObject({ type, amount_cents: cents, category, description })
  })
})

describe('entries: dates resolve backward', () => {
  it.each<[string, string]>([
    ['mercado 50', '2026-11-18'],
    ['uber 20 hoje', '2026-11-18'],
    ['uber 20 ontem', '2026-11-17'],
    ['ontem gastei 30 no mercado', '2026-11-17'],
    ['padaria 12 anteontem', '2026-11-16'],
    ['mercado 200 dia 15', '2026-11-15'],
    ['dia 25 paguei 300 de aluguel', '2026-10-25'],
    ['luz 150 dia 31', '2026-10-31'],
    ['farmácia 15/11 32,90', '2026-11-15'],
    ['farmácia 32,90 15/11/2025', '2025-11-15'],
    ['mercado 80 25/12', '2025-12-25'],
    ['pizza sexta 70', '2026-11-13'],
    ['almoço segunda 35', '2026-11-16'],
    ['almoço segunda-feira 35', '2026-11-16'],
    ['almoço quarta 35', '2026-11-18'],
    ['cinema sábado 60', '2026-11-14'],
    ['cinema no sabado 60', '2026-11-14'],
    ['gasolina 150 no domingo', '2026-11-15'],
    ['jantar 120 na última sexta', '2026-11-13'],
    ['show 300 dia 10 de outubro', '2026-10-10'],
  ])('%s → %s', (text, date) => {
    expect(entryOf(understand(text, ctx))?.occurred_on).toBe(date)
  })

  it('uses the São Paulo day, not the UTC day, near midnight', () => {
    const late = { now: new Date('2026-11-19T02:30:00Z') }
    expect(entryOf(understand('mercado 50', late))?.occurred_on).toBe('2026-11-18')
    expect(entryOf(understand('mercado 50 ontem', late))?.occurred_on).toBe('2026-11-17')
    expect(entryOf(understand('mercado 50 dia 19', late))?.occurred_on).toBe('2026-10-19')
  })

  it('does not record a date that does not exist', () => {
    expect(understand('mercado 50 31/02', ctx)).toEqual({ kind: 'not_understood' })
  })
})

describe('entries: large and missing amounts', () => {
  it.each<[string, number]>([
    ['R$ 2.000.000', 200000000],
    ['comprei um apartamento de 1.500.000', 150000000],
    ['recebi 3 milhões de herança', 300000000],
    ['R$ 1.000.000,01 de reforma', 100000001],
  ])('%s asks for confirmation (%i)', (text, cents) => {
    const d = understand(text, ctx)
    expect(d.kind).toBe('confirm_large')
    expect(entryOf(d)?.amount_cents).toBe(cents)
  })

  it('records exactly R$ 1.000.000,00 without asking', () => {
    expect(understand('R$ 1.000.000,00 de reforma', ctx).kind).toBe('entry')
  })

  it.each<[string, EntryType, Category, string]>([
    ['gastei no mercado', 'expense', 'mercado', 'mercado'],
    ['paguei a conta de luz', 'expense', 'contas_casa', 'conta de luz'],
    ['comprei 3 camisetas', 'expense', 'compras', '3 camisetas'],
    ['2 pizzas', 'expense', 'alimentacao', '2 pizzas'],
    ['uber', 'expense', 'transporte', 'uber'],
    ['recebi o salário', 'income', 'salario', 'salário'],
    ['mercado 0', 'expense', 'mercado', 'mercado'],
    ['gastei R$ 0,00 no uber', 'expense', 'transporte', 'uber'],
  ])('%s → needs_amount', (text, type, category, description) => {
    expect(understand(text, ctx)).toEqual({ kind: 'needs_amount', type, category, description })
  })
})

describe('commands', () => {
  it.each<[string, Decision]>([
    ['saldo', { kind: 'balance' }],
    ['Saldo?', { kind: 'balance' }],
    ['qual meu saldo', { kind: 'balance' }],
    ['quanto tenho?', { kind: 'balance' }],
    ['resumo', { kind: 'summary' }],
    ['Resumo!', { kind: 'summary' }],
    ['quanto gastei esse mês', { kind: 'summary', month: '2026-11' }],
    ['resumo do mês passado', { kind: 'summary', month: '2026-10' }],
    ['resumo de outubro', { kind: 'summary', month: '2026-10' }],
    ['resumo de dezembro', { kind: 'summary', month: '2025-12' }],
    ['resumo outubro 2025', { kind: 'summary', month: '2025-10' }],
    ['resumo 10/2025', { kind: 'summary', month: '2025-10' }],
    ['quanto gastei com mercado', { kind: 'summary', category: 'mercado' }],
    [
      'quanto gastei de uber em outubro',
      { kind: 'summary', month: '2026-10', category: 'transporte' },
    ],
    ['quanto ganhei com freela', { kind: 'summary', category: 'servicos' }],
    ['resumo de lazer', { kind: 'summary', category: 'lazer' }],
    ['meus gastos', { kind: 'summary' }],
    ['últimos', { kind: 'recent' }],
    ['ultimos', { kind: 'recent' }],
    ['últimos lançamentos', { kind: 'recent' }],
    ['extrato', { kind: 'recent' }],
    ['ultimos 10', { kind: 'recent' }],
    ['desfazer', { kind: 'undo' }],
    ['Desfazer', { kind: 'undo' }],
    ['desfaz', { kind: 'undo' }],
    ['apagar último', { kind: 'undo' }],
    ['apaga o ultimo', { kind: 'undo' }],
    ['cancela o último lançamento', { kind: 'undo' }],
    ['pode apagar o último por favor', { kind: 'undo' }],
    ['apagar', { kind: 'undo' }],
    ['apagar 3', { kind: 'delete', index: 3 }],
    ['apaga o 3', { kind: 'delete', index: 3 }],
    ['excluir item 12', { kind: 'delete', index: 12 }],
    ['apagar #2', { kind: 'delete', index: 2 }],
    ['apagar 2 e 3', { kind: 'not_understood' }],
    ['corrigir último para 55', { kind: 'correct_amount', amount_cents: 5500 }],
    ['corrigir ultimo para 55,90', { kind: 'correct_amount', amount_cents: 5590 }],
    ['corrige pra 62,50', { kind: 'correct_amount', amount_cents: 6250 }],
    ['alterar valor para R$ 1.200', { kind: 'correct_amount', amount_cents: 120000 }],
    ['o valor certo era 48', { kind: 'correct_amount', amount_cents: 4800 }],
    ['na verdade foi 55', { kind: 'correct_amount', amount_cents: 5500 }],
    ['errei, era 30', { kind: 'correct_amount', amount_cents: 3000 }],
    ['corrigir o 3 para 55', { kind: 'not_understood' }],
    ['corrigir', { kind: 'not_understood' }],
    ['mudar categoria do último para mercado', { kind: 'change_category', category: 'mercado' }],
    ['mudar categoria do último para lazer', { kind: 'change_category', category: 'lazer' }],
    ['muda a categoria pra contas da casa', { kind: 'change_category', category: 'contas_casa' }],
    [
      'trocar categoria para cuidados pessoais',
      { kind: 'change_category', category: 'cuidados_pessoais' },
    ],
    ['alterar categoria para saúde', { kind: 'change_category', category: 'saude' }],
    ['mudar o último para transporte', { kind: 'change_category', category: 'transporte' }],
    ['muda pra uber', { kind: 'change_category', category: 'transporte' }],
    ['categoria lazer', { kind: 'change_category', category: 'lazer' }],
    ['isso é lazer', { kind: 'change_category', category: 'lazer' }],
    ['mudar categoria para freela', { kind: 'change_category', category: 'negocio' }],
    [
      'mudar categoria para outras receitas',
      { kind: 'change_category', category: 'outras_receitas' },
    ],
    ['mudar categoria', { kind: 'not_understood' }],
    ['ajuda', { kind: 'help' }],
    ['oi', { kind: 'help' }],
    ['Oi!', { kind: 'help' }],
    ['olá', { kind: 'help' }],
    ['menu', { kind: 'help' }],
    ['bom dia', { kind: 'help' }],
    ['Boa noite!', { kind: 'help' }],
    ['oi, tudo bem?', { kind: 'help' }],
    ['o que você faz?', { kind: 'help' }],
    ['obrigado', { kind: 'help' }],
    ['sim', { kind: 'confirm', yes: true }],
    ['Sim!', { kind: 'confirm', yes: true }],
    ['s', { kind: 'confirm', yes: true }],
    ['ok', { kind: 'confirm', yes: true }],
    ['pode registrar', { kind: 'confirm', yes: true }],
    ['isso mesmo', { kind: 'confirm', yes: true }],
    ['👍', { kind: 'confirm', yes: true }],
    ['não', { kind: 'confirm', yes: false }],
    ['nao', { kind: 'confirm', yes: false }],
    ['cancelar', { kind: 'confirm', yes: false }],
    ['não, cancela', { kind: 'confirm', yes: false }],
  ])('%s → %j', (text, decision) => {
    expect(understand(text, ctx)).toEqual(decision)
  })

  it('reads commands as entries when they carry an entry', () => {
    expect(understand('oi, gastei 50 no mercado', ctx).kind).toBe('entry')
    expect(understand('coloquei 100 de gasolina', ctx).kind).toBe('entry')
    expect(understand('cancelei a netflix, paguei 39,90', ctx).kind).toBe('entry')
    expect(understand('troca de óleo 120', ctx).kind).toBe('entry')
    expect(understand('troca de óleo', ctx).kind).toBe('needs_amount')
    expect(understand('bota 150', ctx).kind).toBe('entry')
    expect(understand('passa 40 no pedágio', ctx).kind).toBe('entry')
  })
})

describe('bills: due dates resolve forward', () => {
  it.each<[string, string, number | null, string, Category]>([
    ['conta de luz 180 vence dia 10', 'conta de luz', 18000, '2026-12-10', 'contas_casa'],
    [
      'boleto da internet 99,90 vence 05/12',
      'boleto da internet',
      9990,
      '2026-12-05',
      'contas_casa',
    ],
    ['aluguel vence dia 5', 'aluguel', null, '2026-12-05', 'moradia'],
    ['condomínio vence dia 20', 'condomínio', null, '2026-11-20', 'moradia'],
    ['internet 99,90 vence segunda', 'internet', 9990, '2026-11-23', 'contas_casa'],
    ['IPVA vence 20/01', 'ipva', null, '2027-01-20', 'impostos'],
    ['conta de água vence hoje', 'conta de água', null, '2026-11-18', 'contas_casa'],
    ['fatura do cartão 1.350 vence amanhã', 'fatura do cartão', 135000, '2026-11-19', 'outros'],
    ['luz 180 vence 10', 'luz', 18000, '2026-12-10', 'contas_casa'],
    ['vence dia 15 o boleto da escola de 890', 'boleto da escola', 89000, '2026-12-15', 'educacao'],
    ['me lembra de pagar o iptu dia 30', 'iptu', null, '2026-11-30', 'impostos'],
    ['lembrete: netflix 55,90 dia 25', 'netflix', 5590, '2026-11-25', 'assinaturas'],
  ])('%s', (text, description, amount, due, category) => {
    expect(understand(text, ctx)).toEqual({
      kind: 'bill',
      bill: { description, amount_cents: amount, due_on: due, category },
    })
  })

  it('does not take a bill without a due date', () => {
    expect(understand('conta de luz vence', ctx)).toEqual({ kind: 'not_understood' })
  })
})

describe('not understood, and numbers that are not money', () => {
  it.each<string>([
    '',
    '   ',
    '?',
    'kkkkkk',
    'blablabla',
    'qual a previsão do tempo amanhã',
    '11 98765-4321',
    '(11) 98765-4321',
    '+55 11 98765 4321',
    'me liga no 11 98765-4321',
    'pedido 123456',
    'pedido #4521 chegou',
    'nf 8841',
    'reunião às 14:30',
    'chego às 10h',
    'meu cpf é 123.456.789-00',
    '15/11',
    'dia 15',
    'tenho 3 filhos',
    'x'.repeat(600),
  ])('%j → not_understood', (text) => {
    expect(understand(text, ctx)).toEqual({ kind: 'not_understood' })
  })
})

describe('the help text examples work as written', () => {
  it.each<[string, Decision['kind']]>([
    ['gastei 45,90 no mercado', 'entry'],
    ['recebi 3.000 de salário', 'entry'],
    ['uber 23,50 ontem', 'entry'],
    ['conta de luz 180 vence dia 10', 'bill'],
    ['saldo', 'balance'],
    ['resumo', 'summary'],
    ['últimos', 'recent'],
    ['desfazer', 'undo'],
  ])('%s → %s', (text, kind) => {
    expect(understand(text, ctx).kind).toBe(kind)
  })
})
