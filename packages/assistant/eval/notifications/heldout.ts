import { type NotificationCase, nc } from './cases.ts'

/**
 * Held-out notifications: written before the reader existed and never used to tune it. The
 * eval test reports them apart from the corpus.
 */
export const NOTIFICATION_HELDOUT: NotificationCase[] = [
  // Nubank
  nc('nubank', 'Compra de R$ 57,30 APROVADA em RAIA DROGASIL para o cartão com final 4821', {
    kind: 'expense',
    amount_cents: 5730,
    merchant: 'RAIA DROGASIL',
    date: null,
    last_digits: '4821',
  }),
  nc(
    'nubank',
    'Nubank\nTransferência recebida\nVocê recebeu uma transferência de R$ 320,00 de Camila Rocha Alves.',
    { kind: 'income', amount_cents: 32000, merchant: 'Camila Rocha Alves', date: null },
  ),
  nc('nubank', 'Pix enviado: Você enviou R$ 48,00 para Padaria Santa Luzia Ltda.', {
    kind: 'expense',
    amount_cents: 4800,
    merchant: 'Padaria Santa Luzia Ltda',
    date: null,
  }),
  nc(
    'nubank',
    'Compra de R$ 1.299,00 APROVADA em MAGAZINE LUIZA em 10x para o cartão com final 0093',
    {
      kind: 'expense',
      amount_cents: 129900,
      merchant: 'MAGAZINE LUIZA',
      last_digits: '0093',
      installments: 10,
    },
  ),
  nc('nubank', 'Estorno de R$ 89,90 referente a NETSHOES foi creditado no seu cartão final 4821.', {
    kind: 'income',
    amount_cents: 8990,
    merchant: 'NETSHOES',
    last_digits: '4821',
  }),
  nc(
    'nubank',
    'Seu limite aumentou! Agora você tem R$ 3.500,00 disponíveis no seu cartão Nubank.',
    { kind: 'none' },
  ),
  nc('nubank', 'Você tem R$ 12.000,00 de empréstimo pré-aprovado. Simule agora no app do Nubank.', {
    kind: 'none',
  }),
  // Itaú
  nc(
    'itau',
    'Itau: Compra aprovada no cartao final 7710 de R$ 213,45 em 14/11 as 19h22 em ASSAI ATACADISTA. Limite disponivel R$ 4.120,00',
    {
      kind: 'expense',
      amount_cents: 21345,
      merchant: 'ASSAI ATACADISTA',
      date: '2026-11-14',
      last_digits: '7710',
    },
  ),
  nc(
    'itau',
    'ITAU DEBITO: Cartao final 3302 COMPRA APROVADA 16/11 08:15 R$ 12,50 Local: PADARIA REAL',
    {
      kind: 'expense',
      amount_cents: 1250,
      merchant: 'PADARIA REAL',
      date: '2026-11-16',
      last_digits: '3302',
    },
  ),
  nc(
    'itau',
    'Itaú: você recebeu um Pix de R$ 1.850,00 de MARCOS VINICIUS LIMA em 17/11/2026 às 10:03.',
    { kind: 'income', amount_cents: 185000, merchant: 'MARCOS VINICIUS LIMA', date: '2026-11-17' },
  ),
  nc('itau', 'Itau: Pix de R$ 75,00 enviado para Julia Mendes em 15/11 as 21h10.', {
    kind: 'expense',
    amount_cents: 7500,
    merchant: 'Julia Mendes',
    date: '2026-11-15',
  }),
  nc(
    'itau',
    'Itau: Compra no cartao final 7710 de R$ 600,00 em 3x de R$ 200,00 em FAST SHOP em 12/11.',
    {
      kind: 'expense',
      amount_cents: 60000,
      merchant: 'FAST SHOP',
      date: '2026-11-12',
      last_digits: '7710',
      installments: 3,
    },
  ),
  nc(
    'itau',
    'Itau Personnalite: seu credito pessoal de ate R$ 25.000,00 esta disponivel. Contrate pelo app.',
    { kind: 'none' },
  ),
  // Bradesco
  nc(
    'bradesco',
    'BRADESCO CARTOES: COMPRA APROVADA NO CARTAO FINAL 5566 EM 13/11/2026 20:41. VALOR DE R$ 64,80 NO(A) OUTBACK SHOPPING ELDORADO.',
    {
      kind: 'expense',
      amount_cents: 6480,
      merchant: 'OUTBACK SHOPPING ELDORADO',
      date: '2026-11-13',
      last_digits: '5566',
    },
  ),
  nc('bradesco', 'Bradesco: Pix recebido de R$ 90,00 de ANA PAULA REIS em 11/11/26.', {
    kind: 'income',
    amount_cents: 9000,
    merchant: 'ANA PAULA REIS',
    date: '2026-11-11',
  }),
  nc(
    'bradesco',
    'Bradesco: Transferencia Pix de R$ 230,00 realizada para CONDOMINIO ED AURORA em 10/11.',
    { kind: 'expense', amount_cents: 23000, merchant: 'CONDOMINIO ED AURORA', date: '2026-11-10' },
  ),
  nc('bradesco', 'BRADESCO: ESTORNO DE COMPRA NO CARTAO FINAL 5566 VALOR R$ 149,90 LOJAS RENNER.', {
    kind: 'income',
    amount_cents: 14990,
    merchant: 'LOJAS RENNER',
    last_digits: '5566',
  }),
  nc(
    'bradesco',
    'Bradesco: Compra de R$ 33,00 aprovada no debito em POSTO SHELL em 09/11 as 07h48. Saldo disponivel R$ 812,34',
    { kind: 'expense', amount_cents: 3300, merchant: 'POSTO SHELL', date: '2026-11-09' },
  ),
  nc('bradesco', 'Bradesco: Sua fatura fechou no valor de R$ 2.341,77. Vencimento 25/11.', {
    kind: 'none',
  }),
  // Santander
  nc(
    'santander',
    'Santander: Compra aprovada no cartao final 9081 valor R$ 42,00 em 16/11 12:31 UBER TRIP.',
    {
      kind: 'expense',
      amount_cents: 4200,
      merchant: 'UBER TRIP',
      date: '2026-11-16',
      last_digits: '9081',
    },
  ),
  nc('santander', 'Santander informa: Pix recebido de RICARDO ALMEIDA R$ 500,00 em 14/11.', {
    kind: 'income',
    amount_cents: 50000,
    merchant: 'RICARDO ALMEIDA',
    date: '2026-11-14',
  }),
  nc('santander', 'Santander: Pix enviado de R$ 18,90 para BAR DO ZE em 13/11 as 23h02.', {
    kind: 'expense',
    amount_cents: 1890,
    merchant: 'BAR DO ZE',
    date: '2026-11-13',
  }),
  nc(
    'santander',
    'Santander: Compra de R$ 450,00 em 5x aprovada no cartao final 9081 em CENTAURO.',
    {
      kind: 'expense',
      amount_cents: 45000,
      merchant: 'CENTAURO',
      last_digits: '9081',
      installments: 5,
    },
  ),
  nc('santander', 'Santander: Compra cancelada no cartao final 9081 de R$ 42,00 em UBER TRIP.', {
    kind: 'income',
    amount_cents: 4200,
    merchant: 'UBER TRIP',
    last_digits: '9081',
  }),
  nc(
    'santander',
    'Santander: Aproveite! Credito consignado com taxas a partir de 1,59% a.m. Ate R$ 50.000,00.',
    { kind: 'none' },
  ),
  // Banco do Brasil
  nc('bb', 'BB: Compra no cartao final 2207 de RS 27,90 em SPOTIFY em 08/11 as 03:00.', {
    kind: 'expense',
    amount_cents: 2790,
    merchant: 'SPOTIFY',
    date: '2026-11-08',
    last_digits: '2207',
  }),
  nc('bb', 'BB informa: Pix recebido de LUCAS FERREIRA R$ 210,00 em 16/11/26 as 14:20.', {
    kind: 'income',
    amount_cents: 21000,
    merchant: 'LUCAS FERREIRA',
    date: '2026-11-16',
  }),
  nc('bb', 'BB: Pix enviado R$ 65,00 para Joana Batista em 12/11.', {
    kind: 'expense',
    amount_cents: 6500,
    merchant: 'Joana Batista',
    date: '2026-11-12',
  }),
  nc(
    'bb',
    'Banco do Brasil: Compra aprovada R$ 158,40 no cartao Ourocard final 2207 em CARREFOUR 15/11.',
    {
      kind: 'expense',
      amount_cents: 15840,
      merchant: 'CARREFOUR',
      date: '2026-11-15',
      last_digits: '2207',
    },
  ),
  nc('bb', 'BB: Estorno de R$ 27,90 SPOTIFY no cartao final 2207.', {
    kind: 'income',
    amount_cents: 2790,
    merchant: 'SPOTIFY',
    last_digits: '2207',
  }),
  nc(
    'bb',
    'BB: Voce tem ate R$ 8.000,00 de credito pre-aprovado no BB Credito Salario. Confira no app.',
    { kind: 'none' },
  ),
  // Caixa
  nc('caixa', 'CAIXA: Compra aprovada SUPERMERCADO DIA R$ 76,35 14/11 as 18:05 cartao final 6612', {
    kind: 'expense',
    amount_cents: 7635,
    merchant: 'SUPERMERCADO DIA',
    date: '2026-11-14',
    last_digits: '6612',
  }),
  nc('caixa', 'CAIXA: Voce recebeu um PIX de R$ 600,00 de FERNANDA COSTA em 17/11.', {
    kind: 'income',
    amount_cents: 60000,
    merchant: 'FERNANDA COSTA',
    date: '2026-11-17',
  }),
  nc('caixa', 'CAIXA: Pix enviado para JOSE CARLOS SANTOS valor R$ 40,00 em 16/11 as 09:12.', {
    kind: 'expense',
    amount_cents: 4000,
    merchant: 'JOSE CARLOS SANTOS',
    date: '2026-11-16',
  }),
  nc(
    'caixa',
    'CAIXA: Compra aprovada no cartao de debito final 6612 R$ 22,00 ESTACIONAMENTO CENTRO 12/11.',
    {
      kind: 'expense',
      amount_cents: 2200,
      merchant: 'ESTACIONAMENTO CENTRO',
      date: '2026-11-12',
      last_digits: '6612',
    },
  ),
  nc('caixa', 'CAIXA: Saldo disponivel em conta R$ 1.204,55 em 18/11.', { kind: 'none' }),
  nc('caixa', 'CAIXA: Compra cancelada SUPERMERCADO DIA R$ 76,35 cartao final 6612', {
    kind: 'income',
    amount_cents: 7635,
    merchant: 'SUPERMERCADO DIA',
    last_digits: '6612',
  }),
  // Inter
  nc(
    'inter',
    'Compra aprovada no seu cartão Inter final 3158 no valor de R$ 99,00 em NETFLIX.COM.',
    { kind: 'expense', amount_cents: 9900, merchant: 'NETFLIX.COM', last_digits: '3158' },
  ),
  nc('inter', 'Pix recebido! Você recebeu R$ 1.200,00 de Beatriz Nogueira.', {
    kind: 'income',
    amount_cents: 120000,
    merchant: 'Beatriz Nogueira',
  }),
  nc('inter', 'Inter: Pix enviado com sucesso! R$ 35,00 para Mercadinho Bom Preco.', {
    kind: 'expense',
    amount_cents: 3500,
    merchant: 'Mercadinho Bom Preco',
  }),
  nc('inter', 'Inter: Você recebeu R$ 4,95 de cashback na sua conta.', {
    kind: 'income',
    amount_cents: 495,
    merchant: null,
  }),
  nc('inter', 'Compra aprovada no cartão Inter final 3158: R$ 240,00 em 4x em KABUM em 11/11.', {
    kind: 'expense',
    amount_cents: 24000,
    merchant: 'KABUM',
    date: '2026-11-11',
    last_digits: '3158',
    installments: 4,
  }),
  nc(
    'inter',
    'Inter: Ganhe até 5% de cashback em compras no Inter Shop. Ofertas a partir de R$ 19,90!',
    { kind: 'none' },
  ),
  // C6
  nc(
    'c6',
    'C6 Bank: Compra aprovada no cartão final 8840 de R$ 61,20 em IFOOD *RESTAURANTE em 05 NOV às 20h47.',
    {
      kind: 'expense',
      amount_cents: 6120,
      merchant: 'IFOOD *RESTAURANTE',
      date: '2026-11-05',
      last_digits: '8840',
    },
  ),
  nc('c6', 'C6: Você recebeu um Pix de R$ 275,00 de THIAGO MARTINS.', {
    kind: 'income',
    amount_cents: 27500,
    merchant: 'THIAGO MARTINS',
  }),
  nc('c6', 'C6 Bank: Pix de R$ 120,00 enviado para Academia Forma Fit às 07h30.', {
    kind: 'expense',
    amount_cents: 12000,
    merchant: 'Academia Forma Fit',
  }),
  nc('c6', 'C6 Bank: Estorno de R$ 61,20 da compra em IFOOD *RESTAURANTE no cartão final 8840.', {
    kind: 'income',
    amount_cents: 6120,
    merchant: 'IFOOD *RESTAURANTE',
    last_digits: '8840',
  }),
  nc(
    'c6',
    'C6 Bank: Compra aprovada de R$ 38,50 em DROGARIA SAO PAULO 02 OUT 15h10 cartão final 8840',
    {
      kind: 'expense',
      amount_cents: 3850,
      merchant: 'DROGARIA SAO PAULO',
      date: '2026-10-02',
      last_digits: '8840',
    },
  ),
  nc('c6', 'C6 Bank: Sua fatura de R$ 1.032,10 vence em 10/12. Pague pelo app.', { kind: 'none' }),
  // PicPay
  nc('picpay', 'PicPay: Você pagou R$ 25,00 para Maria Eduarda.', {
    kind: 'expense',
    amount_cents: 2500,
    merchant: 'Maria Eduarda',
  }),
  nc('picpay', 'PicPay: Você recebeu R$ 80,00 de Gabriel Souza.', {
    kind: 'income',
    amount_cents: 8000,
    merchant: 'Gabriel Souza',
  }),
  nc('picpay', 'PicPay: Pagamento aprovado de R$ 45,90 em Pizzaria Bella Napoli.', {
    kind: 'expense',
    amount_cents: 4590,
    merchant: 'Pizzaria Bella Napoli',
  }),
  nc('picpay', 'PicPay Card: Compra de R$ 112,00 aprovada em DECATHLON no cartão final 1190.', {
    kind: 'expense',
    amount_cents: 11200,
    merchant: 'DECATHLON',
    last_digits: '1190',
  }),
  nc('picpay', 'PicPay: Você recebeu R$ 2,30 de cashback pela compra em Pizzaria Bella Napoli.', {
    kind: 'income',
    amount_cents: 230,
    merchant: 'Pizzaria Bella Napoli',
  }),
  nc('picpay', 'PicPay: Seu dinheiro rende 102% do CDI! Deposite a partir de R$ 1,00.', {
    kind: 'none',
  }),
  // Mercado Pago
  nc('mercadopago', 'Mercado Pago: Você pagou R$ 156,00 para Loja do Pedro.', {
    kind: 'expense',
    amount_cents: 15600,
    merchant: 'Loja do Pedro',
  }),
  nc('mercadopago', 'Mercado Pago: Você recebeu R$ 350,00 de Aline Castro via Pix.', {
    kind: 'income',
    amount_cents: 35000,
    merchant: 'Aline Castro',
  }),
  nc(
    'mercadopago',
    'Mercado Pago: Sua compra de R$ 74,90 em CENTAURO foi aprovada no cartão final 4455.',
    { kind: 'expense', amount_cents: 7490, merchant: 'CENTAURO', last_digits: '4455' },
  ),
  nc('mercadopago', 'Mercado Pago: Devolvemos R$ 74,90 da sua compra em CENTAURO.', {
    kind: 'income',
    amount_cents: 7490,
    merchant: 'CENTAURO',
  }),
  nc('mercadopago', 'Mercado Pago: Pix de R$ 22,00 enviado para Rafael Dias em 16/11/2026.', {
    kind: 'expense',
    amount_cents: 2200,
    merchant: 'Rafael Dias',
    date: '2026-11-16',
  }),
  nc('mercadopago', 'Mercado Pago: Empréstimo de até R$ 5.000,00 disponível para você. Peça já!', {
    kind: 'none',
  }),
  // Extra spread
  nc('nubank', 'Compra de R$ 8,50 APROVADA em CAFE DO PONTO para o cartão com final 4821', {
    kind: 'expense',
    amount_cents: 850,
    merchant: 'CAFE DO PONTO',
    last_digits: '4821',
  }),
  nc('itau', 'Itau: Estorno de R$ 213,45 no cartao final 7710 referente a ASSAI ATACADISTA.', {
    kind: 'income',
    amount_cents: 21345,
    merchant: 'ASSAI ATACADISTA',
    last_digits: '7710',
  }),
  nc('santander', 'Santander: Pix recebido de R$ 45,00 de PEDRO HENRIQUE em 17/11.', {
    kind: 'income',
    amount_cents: 4500,
    merchant: 'PEDRO HENRIQUE',
    date: '2026-11-17',
  }),
  nc('bb', 'BB: Compra aprovada no cartao final 2207 RS 9,99 em APPLE.COM/BILL 14/11/2026.', {
    kind: 'expense',
    amount_cents: 999,
    merchant: 'APPLE.COM/BILL',
    date: '2026-11-14',
    last_digits: '2207',
  }),
  nc('caixa', 'CAIXA: Transferencia recebida de R$ 1.500,00 de PAULO ROBERTO em 05/11/26.', {
    kind: 'income',
    amount_cents: 150000,
    merchant: 'PAULO ROBERTO',
    date: '2026-11-05',
  }),
]
