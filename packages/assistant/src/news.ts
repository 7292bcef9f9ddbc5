import { NUM, Role, SYM, type Token, WORD, allDigits, wordAt } from './tokens.ts'
import { EXPENSE_VERBS, INCOME_VERBS } from './vocabulary.ts'
import { A, addFlag } from './word-flags.ts'

/**
 * The words around a number that say it is not money the user moved (issue 24): news and
 * offers ('combustível sobe para R$ 6,49', 'Promoção: pizza por 39,90'), forwards ('Mensagem
 * encaminhada: ganhe 500 reais'), negations and near-misses ('quase gastei 300', 'não paguei o
 * estacionamento de 15', 'desisti do celular de 2 mil'), hypotheses ('seria bom ter 5 mil'),
 * states ('tenho 200 na conta', 'sobrou 50') and nouns that own the number ('minha mãe fez 70',
 * 'o cartão final 8812', 'apartamento 302', 'feliz 2027'). One pass over the tokens, one map
 * lookup per word: this runs on every entry.
 */

function set(text: string): ReadonlySet<string> {
  return new Set(text.trim().split(/\s+/))
}

// Headlines, price changes and offers (folded).
const NEWS = set(`
  sobe sobem subiu subiram dispara disparou despenca despencou reduz reduziu reducao aumenta
  aumentou reajuste reajusta anuncia anunciou anunciam divulga divulgou aponta apontam diz dizem
  atinge atingiu mantida mantido mantem libera liberou oferta ofertas promocao promocoes cupom
  cupons ibovespa selic inflacao ipca petrobras anp governo jornal noticia noticias urgente
  dolar euro bitcoin cotacao tera terao encaminhada encaminhado encaminhadas repassando repassem
  golpe golpes clique ganhe corrente vendo vende vendem vendemos atencao falso falsa circulando
`)
// Two words that make a headline: 'passa a custar', 'chega a R$ 6', 'a partir de', 'mais caro'.
const NEWS_PAIRS = new Map<string, ReadonlySet<string>>([
  ['passa', set('a de para')],
  ['chega', set('a aos')],
  ['chegou', set('a aos')],
  ['partir', set('de')],
  ['mais', set('caro cara caros caras barato barata')],
  ['frete', set('gratis')],
  ['black', set('friday')],
  ['segundo', set('o a os as')],
  ['fica', set('em mais')],
  ['fecha', set('em a o')],
  ['pode', set('ficar subir chegar')],
  ['deve', set('subir cair ficar')],
  ['acima', set('de')],
])
// 'quase' denies the verb right after it like 'não' does: 'quase gastei 300'.
const NEGATIONS = set('nao nem nunca jamais quase')
// Something almost happened, or was undone before it counted.
const NEAR_MISS = set(`
  desisti desistimos desistiu desistiram cancelei cancelado cancelada cancelou cancelaram
  recusaram recusado recusada recusou negado negada negaram esqueci estourou
`)
const HYPOTHESES = set('seria seriam imagina imagine imaginem sonho hipotese')
// 'tenho 200 na conta', 'sobrou 50': how things are, not money moved.
const STATES = set('tenho temos sobrou sobraram sobra resta restam restou')
// Greetings and celebrations ('feliz 2027', 'parabéns pelos 40').
const GREETINGS = set('feliz parabens festas sextou bom boa')
// Nouns a number right after belongs to: the card's last digits, an apartment, a seat, an age.
const OWNERS_BEFORE = set(`
  final finais termina terminado terminada apartamento apto ap bloco sala andar linha assento
  poltrona portao gate turma placa senha versao aro lote quadra capitulo episodio pagina
  tamanho nota top pelos aos fez faz faco fiz completou completa completei completo fara
  nasci parece idade tem ano rua avenida av numero agencia ramal
`)
// ... and nouns right after it: '35 graus', '5 da tarde', '40 anos', '3 filhos'.
const OWNERS_AFTER = set(`
  anos ano graus grau km kg horas hora minutos min dias semanas meses polegadas pontos vezes
  pessoas filhos filhas gatos cachorros andares tarde manha noite madrugada x
`)
// Skipped while looking for the noun that owns the number: 'o cartão com final 8812'.
const LINKS = set('o a os as do da dos das de no na nos nas em com que e')
const YEAR_LEADS = set('feliz turma ano desde safra modelo copa classe formandos formatura')

const MONEY_VERBS: ReadonlySet<string> = new Set([...EXPENSE_VERBS, ...INCOME_VERBS])

// One lookup per word.
const NEWS_BIT = 1
const NEGATION_BIT = 2
const NEAR_BIT = 4
const HYPO_BIT = 8
const STATE_BIT = 16
const GREET_BIT = 32
const VERB_BIT = 64
const PAIR_BIT = 128
// Kept on each word's info (word-flags.ts, slot w): looked up once, at tokenizing.
function flag(words: Iterable<string>, bit: number): void {
  addFlag('w', bit, words)
}
flag(NEWS, NEWS_BIT)
flag(NEGATIONS, NEGATION_BIT)
flag(NEAR_MISS, NEAR_BIT)
flag(HYPOTHESES, HYPO_BIT)
flag(STATES, STATE_BIT)
flag(GREETINGS, GREET_BIT)
flag(MONEY_VERBS, VERB_BIT)
flag(NEWS_PAIRS.keys(), PAIR_BIT)

export type Cues = {
  /** A first-person money verb ('gastei', 'paguei', 'recebi', 'estornaram'). */
  moneyVerb: boolean
  /** Headline, offer or forward words. */
  news: number
  /** 'não', 'nem', 'nunca' somewhere. */
  negation: boolean
  /** 'não paguei', 'nem gastei', 'nunca comprei': the money verb itself is denied. */
  deniedVerb: boolean
  /** 'quase', 'desisti', 'cancelado', 'recusaram', 'esqueci'. */
  nearMiss: boolean
  hypothesis: boolean
  state: boolean
  greeting: boolean
  /** Words still free (not amount, date, verb or filler), edge words ('no', 'de') left out. */
  contentWords: number
}

/** The cues of a message, in one pass. */
export function readCues(tokens: readonly Token[]): Cues {
  const c: Cues = {
    moneyVerb: false,
    news: 0,
    negation: false,
    deniedVerb: false,
    nearMiss: false,
    hypothesis: false,
    state: false,
    greeting: false,
    contentWords: 0,
  }
  let negatedAt = -10
  let prev = ''
  let prevFlags = 0
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined || t.kind !== WORD) continue
    const w = t.text
    if ((t.role === Role.FREE || t.role === Role.BRAND) && (t.info.a & A.EDGE) === 0)
      c.contentWords++
    const f = t.info.w
    if (prevFlags & PAIR_BIT && NEWS_PAIRS.get(prev)?.has(w)) c.news++
    prev = w
    prevFlags = f
    if (f === 0) continue
    if (f & NEWS_BIT) c.news++
    if (f & NEGATION_BIT) {
      c.negation = true
      negatedAt = i
    }
    if (f & NEAR_BIT) c.nearMiss = true
    if (f & HYPO_BIT) c.hypothesis = true
    if (f & STATE_BIT && i <= 2) c.state = true
    if (f & GREET_BIT && i <= 1) c.greeting = true
    if (f & VERB_BIT) {
      // 'não paguei', 'hoje não paguei nem', 'nem gastei', 'ainda não recebi'
      if (i - negatedAt <= 2) c.deniedVerb = true
      else c.moneyVerb = true
    }
  }
  return c
}

/** Whether the word at token k is a link word ('o', 'do', 'com'…). */
function isLink(tokens: readonly Token[], k: number): boolean {
  return LINKS.has(wordAt(tokens, k))
}

/**
 * Whether the number at tokens[first..last] belongs to a noun that is not money: 'cartão final
 * 8812', 'apartamento 302', 'minha mãe fez 70', '35 graus', 'feliz 2027', '1 cachorro'.
 */
export function ownedNumber(tokens: readonly Token[], first: number, last: number): boolean {
  const t = tokens[first]
  if (t === undefined || t.kind !== NUM) return false
  let k = first - 1
  while (k >= 0 && k >= first - 3 && isLink(tokens, k)) k--
  const before = wordAt(tokens, k)
  if (OWNERS_BEFORE.has(before)) return true
  const after = wordAt(tokens, last + 1)
  if (OWNERS_AFTER.has(after)) return true
  // '5 da tarde': a time of day.
  if ((after === 'da' || after === 'de') && OWNERS_AFTER.has(wordAt(tokens, last + 2))) return true
  const digits = allDigits(t.text)
  // 'feliz 2027', 'turma de 2010', 'IPVA 2027:'.
  if (digits && t.text.length === 4 && (t.text.startsWith('19') || t.text.startsWith('20'))) {
    if (YEAR_LEADS.has(before)) return true
    const next = tokens[last + 1]
    if (next?.kind === SYM && next.text === ':') return true
  }
  // '1 cachorro': one digit before a last word that is no preposition.
  const nextTok = tokens[last + 1]
  return (
    digits &&
    t.text.length === 1 &&
    first > 0 &&
    nextTok?.kind === WORD &&
    nextTok.role === Role.FREE &&
    !isLink(tokens, last + 1) &&
    tokens[last + 2] === undefined
  )
}
