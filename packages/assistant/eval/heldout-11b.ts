import { type EvalCase, exp, inc, later, multi, none, parcel } from './cases.ts'

/**
 * A second held-out set for the assistant's accuracy, written after the first round of changes and before the
 * next, in a messier register (capitals, emojis, slang, longer sentences). Measured once as
 * written (the figure is in the README and the closing note); never tuned on.
 */
export const HELDOUT_11B: EvalCase[] = [
  // ordinary
  exp('ordinary', 'MERCADO 132,40', 13240, 'mercado', '2026-11-18'),
  exp('ordinary', 'Almoço 29,90 🍔', 2990, 'alimentacao', '2026-11-18'),
  exp('ordinary', 'gastei 70 reais de gasolina', 7000, 'transporte', '2026-11-18'),
  exp('ordinary', 'paguei a água 88,20', 8820, 'contas_casa', '2026-11-18'),
  exp('ordinary', 'uber 14,90 ontem a noite', 1490, 'transporte', '2026-11-17'),
  exp('ordinary', 'farmacia 19,99 dipirona', 1999, 'saude', '2026-11-18'),
  exp('ordinary', 'Netflix 59,90', 5990, 'assinaturas', '2026-11-18'),
  exp('ordinary', 'padoca 11', 1100, 'alimentacao', '2026-11-18'),
  exp('ordinary', 'R$ 250 condomínio', 25000, 'moradia', '2026-11-18'),
  exp('ordinary', 'veterinario 320 da mel', 32000, 'pets', '2026-11-18'),
  inc('ordinary', 'salário caiu 3.980,55', 398055, 'salario', '2026-11-18'),
  inc('ordinary', 'recebi 450 do freela de logo', 45000, 'servicos', '2026-11-18'),
  exp('ordinary', 'cabeleireiro 70 sábado', 7000, 'cuidados_pessoais', '2026-11-14'),
  exp('ordinary', 'passagem de ônibus 6,50', 650, 'transporte', '2026-11-18'),
  exp('ordinary', 'mensalidade faculdade 1.090', 109000, 'educacao', '2026-11-18'),
  // harder
  exp('harder', 'vinte e cinco de açaí', 2500, 'alimentacao', '2026-11-18'),
  exp('harder', 'paguei cem no mercado', 10000, 'mercado', '2026-11-18'),
  exp('harder', 'ifoodd 36,50', 3650, 'alimentacao', '2026-11-18'),
  exp('harder', 'Uberr 19', 1900, 'transporte', '2026-11-18'),
  inc('harder', 'entrou o 13º 1.500', 150000, 'salario', '2026-11-18'),
  inc('harder', 'décimo 3º 2.200', 220000, 'salario', '2026-11-18'),
  { cls: 'harder', text: 'qto eu ja gastei?', kind: 'summary' },
  { cls: 'harder', text: 'qnto tenho de saldo agora', kind: 'balance' },
  { cls: 'harder', text: 'me conta o saldo pfv', kind: 'balance' },
  { cls: 'harder', text: 'conta pra gente quanto gastamos esse mês', kind: 'summary' },
  // non-entries
  none('non_entry', 'vale mais a pena pagar 120 à vista ou 130 parcelado?'),
  none('non_entry', 'quanto eu economizo se cortar 50 de ifood'),
  none('non_entry', 'SE EU GASTAR 500 AMANHA'),
  none('non_entry', 'vou precisar de uns 300 pra festa'),
  none('non_entry', 'amanhã vou no mercado gastar uns 200'),
  none('non_entry', 'pretendo investir 1.000 mês que vem'),
  none('non_entry', 'quero gastar menos de 800 com comida'),
  none('non_entry', 'preciso juntar 2 mil pra viagem 🙏'),
  none('non_entry', 'falta pagar 3 parcelas de 200'),
  none('non_entry', '25% de 800?'),
  none('non_entry', '1500/3'),
  none('non_entry', '45 + 32 + 18'),
  none('non_entry', 'quantos % é 50 de 200'),
  none('non_entry', 'meu limite do cartão é 2.000'),
  none('non_entry', 'o aluguel vai subir pra 1.900'),
  // identifiers
  none('identifier', 'NF-e nº 000.987.654'),
  none('identifier', 'pedido #123.456.789'),
  none('identifier', 'número do protocolo: 48.123.777'),
  none('identifier', 'cpf: 390.533.447-05'),
  none('identifier', 'cep: 30130-010'),
  none('identifier', 'whats (31) 99123-4567'),
  none('identifier', 'deu 3 a 2 no clássico'),
  none('identifier', 'placar final 4x3'),
  none('identifier', 'chego às 19h45'),
  none('identifier', 'desde 2019 no mesmo emprego'),
  none('identifier', 'comprei 6 ovos'),
  none('identifier', 'sala 1302 torre b'),
  // future
  later('cinema 45 amanhã à noite'),
  later('dentista 180 dia 10/12/2026'),
  later('academia 99 próxima segunda-feira'),
  later('IPTU 320 vence dia 30', 'bill'),
  // several items
  multi('café 7, pão de queijo 9', [
    { amount_cents: 700, category: 'alimentacao' },
    { amount_cents: 900, category: 'alimentacao' },
  ]),
  multi('gasolina 180 e pedágio 23,40', [
    { amount_cents: 18000, category: 'transporte' },
    { amount_cents: 2340, category: 'transporte' },
  ]),
  multi('luz 210\nágua 97\ngás 125', [
    { amount_cents: 21000, category: 'contas_casa' },
    { amount_cents: 9700, category: 'contas_casa' },
    { amount_cents: 12500, category: 'contas_casa' },
  ]),
  multi('paguei 40 no cinema e 30 na pipoca', [
    { amount_cents: 4000, category: 'lazer' },
    { amount_cents: 3000, category: 'alimentacao' },
  ]),
  // installments
  parcel('comprei um celular de 1.800 em 6x', 6, 180000, 'compras'),
  parcel('fogão 1.200 em 4 vezes', 4, 120000),
  parcel('5x de 60 na farmácia', 5, 30000, 'saude'),
  parcel('parcelei a viagem em 10x de 350', 10, 350000, 'lazer'),
]
