import { type EvalBank, type Expected, type NotificationCase, nc } from './cases.ts'

/**
 * The tuning corpus: each bank's wordings (push, SMS, e-mail) filled with varied merchants,
 * people, amounts, dates and cards. The reader may be tuned on these; heldout.ts is not.
 */

const MERCHANTS = [
  'DROGASIL',
  'PAO DE ACUCAR',
  'IFOOD *BURGER KING',
  'UBER* TRIP',
  'POSTO IPIRANGA',
  'AMAZON MARKETPLACE',
  'MC DONALDS',
  'RENNER',
  'PETZ',
  'SMART FIT',
  'CINEMARK',
  'ZARA BRASIL',
  'ATACADAO',
  'LEROY MERLIN',
  'MERCADOLIVRE*VENDEDOR',
  'PAG*PADARIADOJOAO',
]
const PEOPLE = [
  'Maria Aparecida Souza',
  'JOAO PEDRO OLIVEIRA',
  'Ana Clara Lima',
  'CARLOS EDUARDO SILVA',
  'Fernanda Ribeiro',
  'LUCIANA MOTA',
  'Rodrigo Antunes',
  'PATRICIA GOMES DA SILVA',
]
const AMOUNTS = [8990, 1250, 3490, 15000, 23775, 4500, 129900, 705, 6000, 31250, 250000, 1899]

/** R$ 1.234,56 */
function brl(cents: number, sign = 'R$ '): string {
  const reais = Math.floor(cents / 100)
  const c = String(cents % 100).padStart(2, '0')
  return `${sign}${String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${c}`
}

type Fill = { m: string; p: string; a: number; d: number; mo: number; f: string; n: number }
type Template = (x: Fill) => [string, Expected] | null
const MON = ['', 'JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ']
const dd = (n: number) => String(n).padStart(2, '0')
const iso = (d: number, mo: number) => `2026-${dd(mo)}-${dd(d)}`

const TEMPLATES: Record<EvalBank, Template[]> = {
  nubank: [
    (x) => [
      `Compra de ${brl(x.a)} APROVADA em ${x.m} para o cartão com final ${x.f}`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Você recebeu uma transferência de ${brl(x.a)} de ${x.p}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `Transferência enviada\nVocê enviou ${brl(x.a)} para ${x.p} via Pix.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `Nubank: Estorno de ${brl(x.a)} em ${x.m} no cartão final ${x.f}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Compra de ${brl(x.a * x.n)} APROVADA em ${x.m} em ${x.n}x para o cartão com final ${x.f}`,
      {
        kind: 'expense',
        amount_cents: x.a * x.n,
        merchant: x.m,
        last_digits: x.f,
        installments: x.n,
      },
    ],
    (x) => [
      `Nubank: Você tem até ${brl(x.a * 100)} de empréstimo disponível. Simule no app.`,
      { kind: 'none' },
    ],
    (x) => [
      `Pix recebido: ${x.p} te enviou ${brl(x.a)}. Você recebeu o valor na sua conta do Nubank.`,
      { kind: 'income', amount_cents: x.a, merchant: null },
    ],
  ],
  itau: [
    (x) => [
      `Itau: Compra aprovada no cartao final ${x.f} de ${brl(x.a)} em ${dd(x.d)}/${dd(x.mo)} as ${dd(x.d % 24)}h${dd(x.mo * 4)} em ${x.m}. Limite disponivel ${brl(x.a * 7 + 12345)}`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `ITAU DEBITO: Cartao final ${x.f} COMPRA APROVADA ${dd(x.d)}/${dd(x.mo)} ${dd(x.d % 24)}:${dd(x.mo * 3)} ${brl(x.a)} Local: ${x.m}`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `Itaú: você recebeu um Pix de ${brl(x.a)} de ${x.p} em ${dd(x.d)}/${dd(x.mo)}/2026.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Itau: Pix de ${brl(x.a)} enviado para ${x.p} em ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Itau: Compra no cartao final ${x.f} em ${x.n}x de ${brl(x.a)} em ${x.m}.`,
      {
        kind: 'expense',
        amount_cents: x.a * x.n,
        merchant: x.m,
        last_digits: x.f,
        installments: x.n,
      },
    ],
    (x) => [
      `Itau: Estorno de ${brl(x.a)} no cartao final ${x.f} referente a ${x.m}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Itau: Sua fatura fechou no valor de ${brl(x.a * 3)}. Vencimento em ${dd(x.d)}/12.`,
      { kind: 'none' },
    ],
  ],
  bradesco: [
    (x) => [
      `BRADESCO CARTOES: COMPRA APROVADA NO CARTAO FINAL ${x.f} EM ${dd(x.d)}/${dd(x.mo)}/2026 ${dd(x.d % 24)}:${dd(x.mo)}. VALOR DE ${brl(x.a)} NO(A) ${x.m}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `Bradesco: Pix recebido de ${brl(x.a)} de ${x.p} em ${dd(x.d)}/${dd(x.mo)}/26.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Bradesco: Transferencia Pix de ${brl(x.a)} realizada para ${x.p} em ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `BRADESCO: ESTORNO DE COMPRA NO CARTAO FINAL ${x.f} VALOR ${brl(x.a)} ${x.m}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Bradesco: Compra de ${brl(x.a)} aprovada no debito em ${x.m} em ${dd(x.d)}/${dd(x.mo)}. Saldo disponivel ${brl(x.a * 5 + 3)}`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Bradesco: Credito pessoal pre-aprovado de ${brl(x.a * 50)}. Contrate pelo app.`,
      { kind: 'none' },
    ],
  ],
  santander: [
    (x) => [
      `Santander: Compra aprovada no cartao final ${x.f} valor ${brl(x.a)} em ${dd(x.d)}/${dd(x.mo)} ${dd(x.d % 24)}:${dd(x.mo)} ${x.m}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `Santander informa: Pix recebido de ${x.p} ${brl(x.a)} em ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Santander: Pix enviado de ${brl(x.a)} para ${x.p} em ${dd(x.d)}/${dd(x.mo)} as ${dd(x.d % 24)}h${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Santander: Compra cancelada no cartao final ${x.f} de ${brl(x.a)} em ${x.m}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Santander: Compra de ${brl(x.a * x.n)} em ${x.n}x aprovada no cartao final ${x.f} em ${x.m}.`,
      {
        kind: 'expense',
        amount_cents: x.a * x.n,
        merchant: x.m,
        last_digits: x.f,
        installments: x.n,
      },
    ],
    (x) => [
      `Santander: Aproveite o emprestimo com ate ${brl(x.a * 30)} na sua conta.`,
      { kind: 'none' },
    ],
  ],
  bb: [
    (x) => [
      `BB: Compra no cartao final ${x.f} de RS ${brl(x.a, '')} em ${x.m} em ${dd(x.d)}/${dd(x.mo)} as ${dd(x.d % 24)}:${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `BB informa: Pix recebido de ${x.p} ${brl(x.a)} em ${dd(x.d)}/${dd(x.mo)}/26 as ${dd(x.d % 24)}:${dd(x.mo)}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `BB: Pix enviado ${brl(x.a)} para ${x.p} em ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Banco do Brasil: Compra aprovada ${brl(x.a)} no cartao Ourocard final ${x.f} em ${x.m} ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `BB: Estorno de ${brl(x.a)} ${x.m} no cartao final ${x.f}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `BB: Credito pre-aprovado de ${brl(x.a * 40)} disponivel para voce. Simule.`,
      { kind: 'none' },
    ],
  ],
  caixa: [
    (x) => [
      `CAIXA: Compra aprovada ${x.m} ${brl(x.a)} ${dd(x.d)}/${dd(x.mo)} as ${dd(x.d % 24)}:${dd(x.mo)} cartao final ${x.f}`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `CAIXA: Voce recebeu um PIX de ${brl(x.a)} de ${x.p} em ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `CAIXA: Pix enviado para ${x.p} valor ${brl(x.a)} em ${dd(x.d)}/${dd(x.mo)} as ${dd(x.d % 24)}:${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `CAIXA: Compra aprovada no cartao de debito final ${x.f} ${brl(x.a)} ${x.m} ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `CAIXA: Transferencia recebida de ${brl(x.a)} de ${x.p} em ${dd(x.d)}/${dd(x.mo)}/26.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `CAIXA: Saldo disponivel em conta ${brl(x.a * 9)} em ${dd(x.d)}/${dd(x.mo)}.`,
      { kind: 'none' },
    ],
  ],
  inter: [
    (x) => [
      `Compra aprovada no seu cartão Inter final ${x.f} no valor de ${brl(x.a)} em ${x.m}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Pix recebido! Você recebeu ${brl(x.a)} de ${x.p}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `Inter: Pix enviado com sucesso! ${brl(x.a)} para ${x.p}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `Inter: Você recebeu ${brl((x.a % 2000) + 37)} de cashback na sua conta.`,
      { kind: 'income', amount_cents: (x.a % 2000) + 37, merchant: null },
    ],
    (x) => [
      `Compra aprovada no cartão Inter final ${x.f}: ${brl(x.a * x.n)} em ${x.n}x em ${x.m} em ${dd(x.d)}/${dd(x.mo)}.`,
      {
        kind: 'expense',
        amount_cents: x.a * x.n,
        merchant: x.m,
        date: iso(x.d, x.mo),
        last_digits: x.f,
        installments: x.n,
      },
    ],
    (x) => [
      `Inter: Ganhe cashback em compras no Inter Shop a partir de ${brl(x.a)}!`,
      { kind: 'none' },
    ],
  ],
  c6: [
    (x) => [
      `C6 Bank: Compra aprovada no cartão final ${x.f} de ${brl(x.a)} em ${x.m} em ${dd(x.d)} ${MON[x.mo]} às ${dd(x.d % 24)}h${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [
      `C6: Você recebeu um Pix de ${brl(x.a)} de ${x.p}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `C6 Bank: Pix de ${brl(x.a)} enviado para ${x.p} às ${dd(x.d % 24)}h${dd(x.mo)}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `C6 Bank: Estorno de ${brl(x.a)} da compra em ${x.m} no cartão final ${x.f}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `C6 Bank: Compra aprovada de ${brl(x.a)} em ${x.m} ${dd(x.d)} ${MON[x.mo]} ${dd(x.d % 24)}h${dd(x.mo)} cartão final ${x.f}`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, date: iso(x.d, x.mo), last_digits: x.f },
    ],
    (x) => [`C6 Bank: Sua fatura de ${brl(x.a * 4)} vence em ${dd(x.d)}/12.`, { kind: 'none' }],
  ],
  picpay: [
    (x) => [
      `PicPay: Você pagou ${brl(x.a)} para ${x.p}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `PicPay: Você recebeu ${brl(x.a)} de ${x.p}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `PicPay: Pagamento aprovado de ${brl(x.a)} em ${x.m}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m },
    ],
    (x) => [
      `PicPay Card: Compra de ${brl(x.a)} aprovada em ${x.m} no cartão final ${x.f}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `PicPay: Você recebeu ${brl((x.a % 1000) + 11)} de cashback pela compra em ${x.m}.`,
      { kind: 'income', amount_cents: (x.a % 1000) + 11, merchant: x.m },
    ],
    (x) => [
      `PicPay: Cupom de ${brl((x.a % 3000) + 500)} para sua próxima compra! Aproveite.`,
      { kind: 'none' },
    ],
  ],
  mercadopago: [
    (x) => [
      `Mercado Pago: Você pagou ${brl(x.a)} para ${x.p}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `Mercado Pago: Você recebeu ${brl(x.a)} de ${x.p} via Pix.`,
      { kind: 'income', amount_cents: x.a, merchant: x.p },
    ],
    (x) => [
      `Mercado Pago: Sua compra de ${brl(x.a)} em ${x.m} foi aprovada no cartão final ${x.f}.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.m, last_digits: x.f },
    ],
    (x) => [
      `Mercado Pago: Devolvemos ${brl(x.a)} da sua compra em ${x.m}.`,
      { kind: 'income', amount_cents: x.a, merchant: x.m },
    ],
    (x) => [
      `Mercado Pago: Pix de ${brl(x.a)} enviado para ${x.p} em ${dd(x.d)}/${dd(x.mo)}/2026.`,
      { kind: 'expense', amount_cents: x.a, merchant: x.p, date: iso(x.d, x.mo) },
    ],
    (x) => [
      `Mercado Pago: Empréstimo de até ${brl(x.a * 20)} disponível para você. Peça já!`,
      { kind: 'none' },
    ],
  ],
}

const FINALS = ['1234', '0457', '9981', '3320', '7002', '6145', '8809', '2573']

function build(): NotificationCase[] {
  const out: NotificationCase[] = []
  let k = 0
  for (const [bank, templates] of Object.entries(TEMPLATES) as [EvalBank, Template[]][]) {
    for (let rep = 0; rep < 3; rep++) {
      for (const t of templates) {
        const fill: Fill = {
          m: MERCHANTS[(k * 7 + rep) % MERCHANTS.length] ?? 'DROGASIL',
          p: PEOPLE[(k * 5 + rep) % PEOPLE.length] ?? 'Maria',
          a: AMOUNTS[(k * 3 + rep) % AMOUNTS.length] ?? 100,
          d: 1 + ((k * 11) % 17),
          mo: 6 + ((k + rep) % 5),
          f: FINALS[(k + rep) % FINALS.length] ?? '1234',
          n: 2 + ((k + rep) % 10),
        }
        k++
        const made = t(fill)
        if (made) out.push(nc(bank, made[0], made[1]))
      }
    }
  }
  return out
}

/** Shapes written by hand (other wordings, bare amounts, e-mail bodies). */
const HANDWRITTEN: NotificationCase[] = [
  nc('nubank', 'Compra aprovada 45,90 PADARIA CENTRAL cartão final 1234', {
    kind: 'expense',
    amount_cents: 4590,
    merchant: 'PADARIA CENTRAL',
    last_digits: '1234',
  }),
  nc(
    'itau',
    'Olá, Ana! Você realizou uma compra no cartão Itaú final 4410.\nValor: R$ 310,00\nEstabelecimento: SHOPPING IGUATEMI\nData: 12/11/2026 às 16h20',
    {
      kind: 'expense',
      amount_cents: 31000,
      merchant: 'SHOPPING IGUATEMI',
      date: '2026-11-12',
      last_digits: '4410',
    },
  ),
  nc(
    'bradesco',
    'Bradesco Cartões: compra de R$ 95,00 em 3x de R$ 31,67 aprovada em CASAS BAHIA, cartao final 2020.',
    {
      kind: 'expense',
      amount_cents: 9500,
      merchant: 'CASAS BAHIA',
      last_digits: '2020',
      installments: 3,
    },
  ),
  nc(
    'c6',
    'C6 Bank: Compra aprovada no cartão final 5151 de R$ 19,90 em PADARIA BOM DIA em 05 AGO às 13h59.',
    {
      kind: 'expense',
      amount_cents: 1990,
      merchant: 'PADARIA BOM DIA',
      date: '2026-08-05',
      last_digits: '5151',
    },
  ),
  nc(
    'nubank',
    'Compra de R$ 250,00 APROVADA em POSTO SHELL para o cartão com final 7788. Você ganhou 1% de cashback.',
    { kind: 'expense', amount_cents: 25000, merchant: 'POSTO SHELL', last_digits: '7788' },
  ),
  nc('nubank', 'Transferência recebida: R$ 150,00 de Tatiane Borges', {
    kind: 'income',
    amount_cents: 15000,
    merchant: 'Tatiane Borges',
  }),
  nc(
    'itau',
    'Itaú: Você fez uma compra de R$ 64,00 no débito em HORTIFRUTI NATURAL, conta final 5521.',
    { kind: 'expense', amount_cents: 6400, merchant: 'HORTIFRUTI NATURAL', last_digits: '5521' },
  ),
  nc(
    'bradesco',
    'Bradesco: voce recebeu uma TED de R$ 3.200,00 de EMPRESA XYZ LTDA em 03/11/2026.',
    { kind: 'income', amount_cents: 320000, merchant: 'EMPRESA XYZ LTDA', date: '2026-11-03' },
  ),
  nc(
    'santander',
    'Santander\nCompra aprovada\nValor: R$ 129,90\nEstabelecimento: CENTAURO MORUMBI\nCartão final 3344\nData: 07/11/2026 16:02',
    {
      kind: 'expense',
      amount_cents: 12990,
      merchant: 'CENTAURO MORUMBI',
      date: '2026-11-07',
      last_digits: '3344',
    },
  ),
  nc('bb', 'BB: Pix recebido. Valor: R$ 80,00. Pagador: LUIZ OTAVIO PRADO. Data: 02/11/2026.', {
    kind: 'income',
    amount_cents: 8000,
    merchant: 'LUIZ OTAVIO PRADO',
    date: '2026-11-02',
  }),
  nc('caixa', 'CAIXA: Pix enviado. Valor R$ 150,00. Destinatario: ROSANA DIAS. 09/11 10:44', {
    kind: 'expense',
    amount_cents: 15000,
    merchant: 'ROSANA DIAS',
    date: '2026-11-09',
  }),
  nc(
    'inter',
    'Inter: Cashback de R$ 1,87 creditado na sua conta referente a compra em AMERICANAS.',
    { kind: 'income', amount_cents: 187, merchant: 'AMERICANAS' },
  ),
  nc('c6', 'C6 Bank: Compra de 27,50 aprovada em SUBWAY cartão final 6060', {
    kind: 'expense',
    amount_cents: 2750,
    merchant: 'SUBWAY',
    last_digits: '6060',
  }),
  nc('picpay', 'PicPay: Pix enviado! R$ 60,00 para Diego Ramos.', {
    kind: 'expense',
    amount_cents: 6000,
    merchant: 'Diego Ramos',
  }),
  nc('mercadopago', 'Mercado Pago: Você recebeu um Pix de R$ 42,00 de Sandra Melo.', {
    kind: 'income',
    amount_cents: 4200,
    merchant: 'Sandra Melo',
  }),
  nc(
    'itau',
    'Itau: Compra de R$ 1.050,00 em 10x de R$ 105,00 aprovada no cartao final 7710 em MAGAZINE LUIZA em 01/11.',
    {
      kind: 'expense',
      amount_cents: 105000,
      merchant: 'MAGAZINE LUIZA',
      date: '2026-11-01',
      last_digits: '7710',
      installments: 10,
    },
  ),
  nc(
    'nubank',
    'Nubank: Reembolso de R$ 35,90 da compra em IFOOD *PIZZARIA creditado no cartão final 4821.',
    { kind: 'income', amount_cents: 3590, merchant: 'IFOOD *PIZZARIA', last_digits: '4821' },
  ),
]

export const NOTIFICATION_CORPUS: NotificationCase[] = [...build(), ...HANDWRITTEN]
