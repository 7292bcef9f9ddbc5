import { normalizeWord } from './normalize.ts'
import { A, M, addFlag } from './word-flags.ts'

/**
 * Closed word lists the passes consult. Written with accents for legibility; folded at load
 * so lookups are one Set.has on the folded token.
 */
function words(list: string): Set<string> {
  return new Set(list.trim().split(/\s+/).map(normalizeWord))
}

/** Words after a number that make it money, and nothing else. */
export const CURRENCY_WORDS = words(`
  reais real rs conto contos pila pilas pau paus mango mangos brl dinheiros
`)

export const THOUSAND_WORDS = words('mil k')
export const MILLION_WORDS = words('milhão milhões mi milhao milhoes')
export const CENT_WORDS = words('centavos centavo')

/** Words after a number that make it a count or a measure, never money. */
export const UNIT_WORDS = words(`
  kg kgs kilo kilos quilo quilos g gr grs grama gramas mg ml l lt lts litro litros km kms
  m metro metros cm mm gb mb tb un und unid unidade unidades pc pcs cx caixa caixas pacote
  pacotes dúzia dúzias x vez vezes parcela parcelas prestação prestações meses dias anos
  semanas noites diárias hora horas h hs hr hrs min mins minuto minutos seg segundos
  pessoa pessoas porcento graus lugar lugares andar ano
`)

/** Words after a number that make it a time of day. */
export const TIME_WORDS = words('h hs hr hrs horas hora min')

/** Words before a number that make it an identifier (order, document, address). */
export const CODE_WORDS = words(`
  pedido pedidos protocolo nf nfe nfce nota numero num nro cpf cnpj cep rg codigo cod
  senha pin token cupom ap apto bloco sala quarto mesa voo placa ramal final chamado ticket id
  rastreio lote série versão agência ag cc linha n km br rodovia saída chassi renavam cnh
`)

/** Words before a number that make it a phone when the number is long enough. */
export const PHONE_WORDS = words(`
  tel telefone fone cel celular whats whatsapp zap wpp contato liga ligar ligue numero
`)

/** Words before a number that point at a price ('comprei 2 pizzas por 80'). */
export const PRICE_WORDS = words(`
  por custou custa custaram valor total deu foi paguei gastei pago gasto saiu ficou
`)

/** Edge words dropped from a description: articles, prepositions, filler, payment means. */
export const EDGE_WORDS = words(`
  no na nos nas num numa de do da dos das em com pra pro pras pros para p por pelo pela pelos
  pelas o a os as um uma uns umas e ou que eu meu minha meus minhas seu sua ao aos à às via foi
  deu custou custa ficou valor total agora aí ja já só mais também ainda lá aqui esse essa
  isso este esta isto hj hoje pix cartão cartao crédito credito débito debito dinheiro
  espécie vista avista parcelado reais real conto contos aproximadamente uns tipo quase
  gasto gastos todo toda ontem anteontem amanhã passada passado
  ultima ultimo última último
`)

/** Verbs that only carry the entry's direction; they never belong in a description. */
export const EXPENSE_VERBS = words(`
  gastei gastamos gastou gasto gastos paguei pagamos pago comprei compramos comprado torrei
  desembolsei saiu saíram debitou debitaram cobraram cobrou transferi mandei enviei emprestei
  doei coloquei botei despesa
`)
export const INCOME_VERBS = words(`
  recebi recebemos recebido recebida recebidos recebidas recebimento ganhei ganhamos entrou
  entraram caiu caíram depositaram transferiram faturei lucrei embolsei vendi vendemos achei
  recebeu estornaram estornou estornado estornada devolveram devolveu reembolsaram reembolsou
  reembolsado creditaram creditou creditado rendeu renderam
`)
/** Verbs that are dropped from a description but say nothing about direction. */
export const NEUTRAL_VERBS = words('pagou pagaram fiz tive fui')
addFlag('a', A.EDGE, EDGE_WORDS)
addFlag('a', A.EXPENSE_VERB, EXPENSE_VERBS)
addFlag('a', A.INCOME_VERB, INCOME_VERBS)
addFlag('a', A.NEUTRAL_VERB, NEUTRAL_VERBS)

export const WEEKDAYS: ReadonlyMap<string, number> = new Map([
  ['domingo', 0],
  ['segunda', 1],
  ['terca', 2],
  ['quarta', 3],
  ['quinta', 4],
  ['sexta', 5],
  ['sabado', 6],
])

/** Words after an ordinal-looking weekday that make it an ordinal ('segunda via'). */
export const NOT_WEEKDAY_AFTER = words(`
  via parcela prestação vez mão opção chamada etapa fase série edição
`)

export const MONTHS: ReadonlyMap<string, number> = new Map([
  ['janeiro', 1],
  ['fevereiro', 2],
  ['marco', 3],
  ['abril', 4],
  ['maio', 5],
  ['junho', 6],
  ['julho', 7],
  ['agosto', 8],
  ['setembro', 9],
  ['outubro', 10],
  ['novembro', 11],
  ['dezembro', 12],
])

/** Written numbers, for 'cinquenta reais' and 'dois mil'. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['um', 1],
  ['uma', 1],
  ['dois', 2],
  ['duas', 2],
  ['tres', 3],
  ['quatro', 4],
  ['cinco', 5],
  ['seis', 6],
  ['sete', 7],
  ['oito', 8],
  ['nove', 9],
  ['dez', 10],
  ['onze', 11],
  ['doze', 12],
  ['treze', 13],
  ['quatorze', 14],
  ['catorze', 14],
  ['quinze', 15],
  ['dezesseis', 16],
  ['dezessete', 17],
  ['dezoito', 18],
  ['dezenove', 19],
  ['vinte', 20],
  ['trinta', 30],
  ['quarenta', 40],
  ['cinquenta', 50],
  ['sessenta', 60],
  ['setenta', 70],
  ['oitenta', 80],
  ['noventa', 90],
  ['cem', 100],
  ['cento', 100],
  ['duzentos', 200],
  ['trezentos', 300],
  ['quatrocentos', 400],
  ['quinhentos', 500],
  ['seiscentos', 600],
  ['setecentos', 700],
  ['oitocentos', 800],
  ['novecentos', 900],
])

addFlag('m', M.CURRENCY, CURRENCY_WORDS)
addFlag('m', M.THOUSAND, THOUSAND_WORDS)
addFlag('m', M.MILLION, MILLION_WORDS)
addFlag('m', M.CENT, CENT_WORDS)
addFlag('m', M.UNIT, UNIT_WORDS)
addFlag('m', M.TIME, TIME_WORDS)
addFlag('m', M.CODE, CODE_WORDS)
addFlag('m', M.PHONE, PHONE_WORDS)
addFlag('m', M.PRICE, PRICE_WORDS)
addFlag('m', M.MONTH, MONTHS.keys())
addFlag('m', M.WEEKDAY, WEEKDAYS.keys())
