import type { Category, ExpenseCategory, IncomeCategory } from '@equilibrai/shared'

/**
 * The category lexicon: words and phrases Brazilians use for each category (ARCHITECTURE §7),
 * far beyond the table's examples — brands, chains, utilities by state, slang. Written with
 * accents; categorize.ts folds and compiles it into maps once at load. Multi-word phrases are
 * matched before the single words they start with ('mercado livre' before 'mercado').
 *
 * Strong words name the category; weak ones only hint ('conta', 'compra', 'taxa') and lose to
 * any strong word in the same message. Deliberately absent: words that are mostly something
 * else in a message ('dia', 'casa', 'oi' alone, 'vem', 'azul').
 */
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase.length > 0)
}

export const EXPENSE_KEYWORDS: Record<ExpenseCategory, readonly string[]> = {
  alimentacao: list(`
    almoço, almocei, almoçar, almoçamos, jantar, jantei, janta, jantamos, lanche, lanches, lanchei,
    lanchonete, restaurante, restaurantes, rest, ifood, i food, rappi, uber eats, 99food, 99 food,
    aiqfome, delivery, padaria, padoca, panificadora, pão, pães, pão de queijo, café, cafezinho,
    café da manhã, cafeteria, starbucks, pizza, pizzaria, hambúrguer, hamburguer, burger,
    hamburgueria, mc donalds, mcdonalds, mc donald's, mcdonald's, mc, méqui, mequi, bk,
    burger king, subway, outback, madero, coco bambu, spoleto, habibs, habib's, giraffas,
    china in box, kfc, popeyes, bobs, bob's, domino's, dominos, sushi, temaki, japonês,
    comida japonesa, comida, rodízio, churrascaria, churrasco, espetinho, pastel, pastelaria,
    coxinha, salgado, salgadinho, salgados, esfiha, esfirra, kibe, quibe, marmita, marmitex,
    quentinha, prato feito, self service, refeição, açaí, sorvete, sorveteria, picolé, doce, doces,
    docinho, bolo, brigadeiro, chocolate, bombom, sobremesa, tapioca, cuscuz, crepe, pipoca,
    hot dog, cachorro quente, cachorro-quente, x-tudo, x-burguer, x-salada, beirute, suco,
    refrigerante, refri, coca, coca-cola, água de coco, cantina, bandejão, food truck, yakisoba,
    lámen, ramen, poke, zé delivery, ze delivery, petisco de bar, torta, empada, empadinha,
    misto quente, sanduíche, sanduiche, lanche da tarde, café da tarde, jantinha, churros,
    cappuccino, expresso, milkshake, sucos, feijoada, peixe frito, acarajé, tacacá, pamonha,
    brownie, cookie, cookies, donuts, rango, boteco do almoço, almoço executivo, executivo,
    pf do dia, bauru, galeto, frango assado, assado, comida árabe, comida chinesa, mexicano,
    burrito, taco, tacos, baconzitos, biscoito, bolacha, salgadinhos, lanchinho, merenda
  `),
  mercado: list(`
    mercado, supermercado, super mercado, mercadinho, minimercado, mini mercado, mercearia, feira,
    feira livre, sacolão, hortifruti, hortifrúti, horti, quitanda, açougue, peixaria, frutaria,
    atacadão, atacadista, assaí, assai, carrefour, pão de açúcar, extra mercado, bompreço,
    guanabara, mundial, zaffari, savegnago, muffato, condor, angeloni, sonda, st marche,
    oba hortifruti, hirota, nagumo, tenda atacado, makro, sam's club, roldão, comper, bretas,
    supernosso, verdemar, giassi, covabra, prezunic, big bompreço, nacional supermercado,
    compras do mês, compra do mês, compras do mes, rancho, mantimentos, arroz, feijão, carne,
    carnes, frango, leite, ovos, ovo, frutas, fruta, verduras, legumes, banana, tomate, batata,
    cebola, alho, queijo, presunto, manteiga, margarina, óleo de cozinha, azeite, açúcar,
    farinha, macarrão, papel higiênico, produtos de limpeza, detergente, sabão em pó, amaciante,
    água sanitária, desinfetante, galão de água, água mineral, fraldas, fralda, iogurte, cerveja
    do mercado, carne moída, picanha, linguiça, peito de frango, hortaliças, cesta básica, empório,
    emporio, armazém, mercadão, dia supermercado, mambo, hipermercado, walmart
  `),
  transporte: list(`
    uber, 99, 99pop, 99 pop, 99taxi, 99 taxi, cabify, indriver, indrive, blablacar, táxi, taxi,
    ônibus, onibus, busão, buzão, metrô, metro, trem, cptm, brt, vlt, bilhete único, bilhete,
    riocard, passagem, passagens, passagem aérea, passagem de ônibus, gasolina, etanol, álcool
    combustível, diesel, gnv, combustível, abasteci, abastecer, abastecimento, posto, posto de
    gasolina, shell, ipiranga, petrobras, estacionamento, estacionei, zona azul, valet, pedágio,
    sem parar, conectcar, veloe, tag de pedágio, oficina, mecânico, borracharia, pneu, pneus,
    troca de óleo, óleo do carro, revisão do carro, revisão, lava jato, lava-jato, lava rápido,
    lavagem do carro, lavar o carro, lavagem, polimento, enceramento, carro, moto, bike, patinete, seguro do carro, seguro auto,
    seguro da moto, peças do carro, autopeças, funilaria, guincho, corrida, mobilidade,
    bicicleta, barca, balsa, ferry, rodoviária, buser, clickbus, flixbus, avião, aeroporto,
    gol, latam, passagem de avião, motorista, mototáxi, moto táxi, recarga do bilhete, cartão
    de transporte, vale transporte, alinhamento, balanceamento, bateria do carro,
    parcela do carro, financiamento do carro, aluguel de carro, locadora, localiza, movida,
    unidas, lime, yellow, trensurb, bondinho, catamarã, combustivel
  `),
  moradia: list(`
    aluguel, condomínio, condominio, reforma, reformas, pedreiro, pintor, pintura, eletricista,
    encanador, marceneiro, marcenaria, móveis, móvel, sofá, cama, colchão, armário, guarda-roupa,
    guarda roupa, mesa de jantar, cadeira, estante, rack, diarista, faxina, faxineira, empregada,
    empregada doméstica, doméstica, jardineiro, piscineiro, material de construção, leroy merlin,
    telhanorte, c&c, tok&stok, tok stok, etna, mobly, madeiramadeira, mudança, frete de mudança,
    chaveiro, dedetização, seguro residencial, seguro da casa, financiamento, prestação da casa,
    prestação do apartamento, parcela do apartamento, parcela da casa, apartamento, imobiliária,
    cimento, tinta, ferragens, ferragem, conserto, decoração, cortina, tapete, utensílios, panela,
    panelas, lâmpada, lâmpadas, fechadura, portão, caseiro, zelador, taxa de condomínio,
    casa nova, reparo, reparos, obra, obras, azulejo, piso, gesso, vidraceiro, persiana
  `),
  contas_casa: list(`
    luz, energia, conta de luz, energia elétrica, eletricidade, enel, cemig, copel, light, celpe,
    coelba, cosern, celesc, equatorial, cpfl, elektro, energisa, edp, neoenergia, rge, ceee, água,
    agua, conta de água, esgoto, sabesp, cedae, copasa, sanepar, embasa, compesa, caesb, corsan,
    cagece, saneago, casan, águas do rio, internet, wifi, wi-fi, banda larga, fibra, net, claro net,
    conta da claro, conta da vivo, conta da tim, conta da oi, oi fibra, internet da oi, vivo,
    tim, sky, algar, brisanet, vero, telefone, telefonia, celular, plano de celular, recarga,
    recarga de celular, crédito de celular, conta do celular, conta de telefone, gás, gas,
    botijão, gás de cozinha, comgás, comgas, naturgy, ultragaz, liquigás, supergasbras, copagaz,
    tv a cabo, tv por assinatura, conta de gás, conta de internet, plano de internet
  `),
  saude: list(`
    farmácia, farmacia, drogaria, drogasil, droga raia, raia, drogaria são paulo, drogaria sp,
    pague menos, panvel, pacheco, drogão, ultrafarma, onofre, nissei, extrafarma, venâncio,
    araújo, drogaria araujo, remédio, remedio, remédios, medicamento, medicamentos, medicação,
    vitamina, vitaminas, suplemento, suplementos, whey, creatina, médico, médica, consulta,
    consultas, clínica, hospital, pronto socorro, pronto-socorro, upa, dentista, odontologia,
    odonto, ortodontista, canal, limpeza nos dentes, exame, exames, laboratório, raio x, raio-x,
    ultrassom, tomografia, ressonância, vacina, vacinas, plano de saúde, convênio, convenio,
    unimed, amil, hapvida, notredame, intermédica, sulamérica, bradesco saúde, porto saúde,
    prevent senior, golden cross, psicólogo, psicóloga, psicologo, terapia, terapeuta, psiquiatra,
    fisioterapia, fisio, nutricionista, nutri, fonoaudióloga, fonoaudiólogo, oftalmologista,
    oftalmo, oculista, óculos, óculos de grau, lente de contato, lentes de contato,
    dermatologista, dermato, ginecologista, gineco, pediatra, cardiologista, ortopedista,
    urologista, endocrinologista, neurologista, otorrino, cirurgia, internação, coparticipação,
    seguro saúde, teste de covid, dipirona, anticoncepcional, insulina, antibiótico, pomada,
    curativo, posto de saúde, enfermeira, cuidadora, acupuntura, quiropraxia, osteopata,
    check-up, checkup, hemograma, mamografia, preventivo, tratamento, aparelho dentário,
    clareamento, implante, sessão de terapia, saúde, saude
  `),
  educacao: list(`
    escola, colégio, colegio, faculdade, facul, universidade, mensalidade escolar, mensalidade da
    escola, mensalidade da faculdade, curso, cursos, cursinho, pós, pós-graduação, pos graduação,
    mba, mestrado, doutorado, apostila, apostilas, livro, livros, livraria, material escolar,
    caderno, cadernos, uniforme escolar, matrícula, rematrícula, aula, aulas, professor,
    professora, reforço escolar, aula de reforço, inglês, ingles, espanhol, francês, alemão,
    idioma, idiomas, wizard, ccaa, fisk, cultura inglesa, kumon, alura, udemy, coursera,
    duolingo, enem, vestibular, concurso, inscrição do concurso, creche, berçário, transporte
    escolar, van escolar, xerox, impressão, estante virtual, ead, pré-vestibular, tcc,
    formatura, mochila escolar, lápis, caneta, canetas, papelaria, fies, educação, educacao,
    aula particular, aulas particulares, aula de música, aula de natação, natação infantil,
    balé, ballet, judô, escolinha, escolinha de futebol, palestra, workshop, certificação
  `),
  lazer: list(`
    cinema, cine, cinemark, ingresso, ingressos, show, shows, teatro, museu, parque, parque de
    diversões, zoológico, zoo, passeio, passeios, viagem, viagens, viajar, hotel, pousada, airbnb,
    hospedagem, booking, decolar, hostel, resort, bar, barzinho, boteco, buteco, cerveja, cervejas,
    cervejinha, breja, chopp, chope, happy hour, balada, festa, festas, boate, cover, couvert,
    drink, drinks, vinho, vinhos, caipirinha, whisky, vodka, gin, bebida, bebidas, jogo, jogos,
    videogame, playstation, ps5, ps4, xbox, nintendo, switch, steam, game, games, futebol, estádio,
    pelada, quadra, karaokê, karaoke, sinuca, praia, clube, camping, trilha, pesca, hobby,
    festival, rodeio, circo, aquário, escape room, parque aquático, beto carrero,
    aposta, apostas, bet, bets, loteria, mega sena, mega-sena, lotofácil, jogo do bicho,
    narguilé, tabacaria, excursão, cruzeiro, sympla, eventim, ticketmaster,
    ingresso.com, tour, stand up, stand-up, kart, paintball, comemoração, churrascão, confraternização, amigo secreto, amigo oculto, lazer
  `),
  assinaturas: list(`
    netflix, spotify, disney, disney+, disney plus, prime video, amazon prime, prime, youtube
    premium, youtube music, deezer, apple music, apple tv, icloud, google one, google drive,
    dropbox, hbo, hbo max, globoplay, globo play, paramount, paramount+, star+, star plus,
    crunchyroll, mubi, telecine, premiere, combate, dazn, tidal, audible, kindle unlimited,
    chatgpt, chat gpt, openai, claude, midjourney, canva, adobe, photoshop, office 365,
    microsoft 365, xbox game pass, game pass, ps plus, playstation plus, nintendo online,
    assinatura, assinaturas, linkedin premium, tinder, bumble, notion, github, zoom, vpn,
    uber one, meli+, apple one, clube de assinatura, tag livros, skeelo, ubook, looke, claro tv+,
    mensalidade do app, streaming, pluto, cursor, copilot, gemini
  `),
  compras: list(`
    roupa, roupas, camisa, camisas, camiseta, camisetas, calça, calças, bermuda, short, shorts,
    vestido, saia, blusa, jaqueta, casaco, moletom, meia, meias, cueca, calcinha, sutiã,
    lingerie, pijama, biquíni, maiô, tênis, tenis, sapato, sapatos, sandália, chinelo, havaianas,
    bota, botas, bolsa, mochila, carteira, relógio, acessório, acessórios, bijuteria, joia,
    joias, anel, brinco, colar, pulseira, eletrônicos, eletrônico, eletrodoméstico,
    eletrodomésticos, notebook, computador, pc, tablet, ipad, iphone, fone, fone de ouvido,
    headset, carregador, cabo usb, tv, televisão, smart tv, console, câmera, impressora, mouse,
    teclado, monitor, geladeira, fogão, máquina de lavar, micro-ondas, microondas, liquidificador,
    air fryer, airfryer, aspirador, ventilador, ar condicionado, ar-condicionado, shopping,
    presente, presentes, lembrancinha, lembrancinhas, brinquedo, brinquedos, shopee, shein,
    aliexpress, temu, mercado livre, amazon, magalu, magazine luiza, americanas, lojas americanas,
    casas bahia, ponto frio, submarino, kabum, fast shop, renner, riachuelo, c&a, cea, zara, hering,
    marisa, pernambucanas, centauro, netshoes, dafiti, nike, adidas, decathlon, leader, havan,
    camicado, outlet, brechó, enxoval, capinha, película, pilha, pilhas, perfumaria, comprinhas,
    utilidades, bazar, lojinha, cama mesa e banho, roupa de cama, toalha, toalhas,
    óculos de sol, bolsa nova, jogo de panelas, kindle, livro digital, smartphone,
    samsung, xiaomi, motorola, apple store
  `),
  cuidados_pessoais: list(`
    salão, salao, salão de beleza, cabeleireiro, cabeleireira, cabelereiro, cabelo, corte de
    cabelo, barbeiro, barbearia, barba, manicure, pedicure, unha, unhas, depilação, sobrancelha,
    sobrancelhas, cílios, maquiagem, make, esmalte, escova, progressiva, hidratação, tintura,
    luzes, mechas, academia, smartfit, smart fit, bluefit, bodytech, selfit, crossfit, pilates,
    yoga, ioga, personal, personal trainer, natação, muay thai, jiu-jitsu, jiu jitsu, luta, dança,
    perfume, perfumes, cosméticos, cosmético, creme, cremes, hidratante, shampoo, xampu,
    condicionador, sabonete, desodorante, protetor solar, boticário, natura, avon, eudora,
    sephora, quem disse berenice, skincare, skin care, estética, esteticista, massagem, spa,
    limpeza de pele, botox, harmonização, higiene, barbeador, lâmina, gillette, absorvente,
    absorventes, escova de dente, pasta de dente, fio dental, cortar o cabelo, cortei o cabelo,
    design de sobrancelha, alongamento de unha, unha de gel, podóloga, tatuagem, piercing,
    beleza, dermocosméticos, sérum, manipulação, bronzeamento
  `),
  pets: list(`
    ração, racao, pet, pets, pet shop, petshop, veterinário, veterinaria, veterinária, vet, petz,
    cobasi, petlove, banho e tosa, tosa, banho do cachorro, banho da cachorra, banho do gato,
    cachorro, cachorra, cão, gato, gata, gatos, cachorros, dog, areia do gato, areia de gato,
    areia sanitária, vermífugo, antipulgas, coleira, castração, vacina do cachorro, vacina do gato,
    vacina do pet, petisco, petiscos, sachê, hotelzinho, creche do cachorro, adestrador,
    adestramento, passeador, dog walker, aquário do peixe, peixinho, calopsita, hamster, bravecto,
    nexgard, simparic, caminha do cachorro, arranhador
  `),
  impostos: list(`
    imposto, impostos, ipva, iptu, darf, inss, irpf, imposto de renda, mei, das mei, das do mei,
    guia do das, guia das, boleto do das, simples nacional, iss, issqn, icms, dpvat,
    licenciamento, detran, multa, multas, multa de trânsito, tributo, tributos, cnh, renovação da cnh, taxa do lixo, taxa de lixo, receita federal, carnê leão,
    carne leão, itbi, itcmd, emplacamento, cartório, contribuição sindical, das, ir, darf do ir,
    parcelamento do imposto, pis, cofins, csll, irpj, iof
  `),
  negocio: list(`
    fornecedor, fornecedores, fornecedora, estoque, mercadoria, mercadorias, matéria-prima,
    matéria prima, insumos, insumo, funcionário, funcionária, funcionários, funcionarios,
    salário do funcionário, salário dos funcionários, salário da funcionária, folha de pagamento,
    marketing, anúncio, anúncios, tráfego pago, facebook ads, google ads, meta ads, instagram ads,
    impulsionamento, impulsionar, contador, contadora, contabilidade, escritório, coworking,
    embalagem, embalagens, maquininha, taxa da maquininha,
    stone, cielo, pagseguro, sumup, software, hospedagem de site, domínio,
    motoboy, entregador, comissão, freela, freelancer, material de escritório, cartão de visita,
    gráfica, panfleto, panfletos, banner, consultoria, aluguel da loja, aluguel do escritório,
    aluguel da sala, manutenção da loja, equipamento, equipamentos, ferramenta,
    ferramentas, uniforme, nota fiscal, certificado digital
  `),
  outros: list(`
    doação, doações, dízimo, dizimo, oferta, igreja, vaquinha, empréstimo, emprestimo, juros,
    tarifa bancária, tarifa do banco, anuidade, saque, cigarro, cigarros, mesada, pensão,
    pensão alimentícia, presente de casamento, seguro de vida, advogado, despachante, multa do banco, cheque
    especial, agiota, perdi, roubo, furto, caridade
  `),
}

/** Hints that lose to any strong word in the same message. */
export const EXPENSE_WEAK: Partial<Record<ExpenseCategory, readonly string[]>> = {
  contas_casa: list('conta, contas, claro, boleto da conta'),
  compras: list('compra, compras, loja, lojas, comprinha'),
  assinaturas: list('mensalidade, app, aplicativo, max'),
  impostos: list('taxa, taxas, guia, gps'),
  negocio: list('frete, fretes, correios, sedex, site, sistema'),
  mercado: list('extra, big, hiper'),
  lazer: list('aniversário, fim de semana, feriado, role'),
  outros: list('fatura, cartão, seguro, tarifa, fatura do cartão, cartão de crédito'),
}

/**
 * Income words that by themselves make a message an income ('salário 3.000' is money in):
 * ARCHITECTURE §7's type words. They decide the type only when no verb does and no expense word
 * comes first ('viagem de férias 3.000' is an expense).
 */
export const INCOME_TRIGGERS: Partial<Record<IncomeCategory, readonly string[]>> = {
  salario: list(`
    salário, salario, salário do mês, holerite, contracheque, décimo terceiro, decimo terceiro,
    13º salário, 13º, 13 salário, décimo 3º, férias, ferias, plr, ppr, participação nos lucros, hora extra, horas extras,
    aposentadoria, rescisão, fgts, seguro desemprego, seguro-desemprego, pagamento do trabalho,
    pagamento do salário, adiantamento salarial, adiantamento do salário, vale do salário,
    quinzena, bônus, bonus, pró-labore, pro labore, prolabore
  `),
  vendas: list(`
    venda, vendas, vendi, vendemos, cliente pagou, clientes pagaram, pix do cliente, pix da
    cliente, pix de cliente, faturamento, faturei, encomenda paga
  `),
  servicos: list(
    'freela, freelas, freelance, bico, bicos, honorários, honorario, cachê, diária de trabalho',
  ),
  investimentos: list(`
    rendimento, rendimentos, rendeu, dividendos, dividendo, jcp, proventos, provento, resgate,
    resgatei, juros sobre capital, juros da poupança, juros da poupanca, juros do cdb,
    juros da conta, juros do tesouro
  `),
  outras_receitas: list(`
    reembolso, restituição, restituição do ir, cashback, estorno, herança, devolução, devolucao,
    devolveram, estornaram, reembolsaram
  `),
}

export const INCOME_KEYWORDS: Record<IncomeCategory, readonly string[]> = {
  salario: list(`
    pagamento, adiantamento, vale alimentação, vale refeição, benefício, comissão de vendas,
    gratificação, abono
  `),
  vendas: list(`
    cliente, clientes, encomenda, encomendas, vendinha, olx, enjoei, brechó, pedido do cliente,
    mercadoria, produto, produtos, bolo, bolos, doces, salgados, marmitas, artesanato, revenda,
    loja, mercado livre, shopee, ifood da loja
  `),
  servicos: list(`
    serviço, serviços, servico, serviço prestado, consultoria, diária, diaria, projeto, job,
    aula particular, aulas, aula, corrida, corridas, entregas, entrega, uber, 99, ifood, comissão,
    comissao, manutenção, conserto, frete, palestra, mentoria, design, trabalho extra, plantão,
    faxina, diarista, manicure, costura, reparo
  `),
  investimentos: list(`
    juros, cdb, lci, lca, tesouro, tesouro direto, poupança, poupanca, ações, acoes, fii, fiis,
    fundo, fundos, fundo imobiliário, renda fixa, cripto, bitcoin, btc, lucro, investimento,
    investimentos, nubank caixinha, caixinha, cofrinho, previdência
  `),
  outras_receitas: list(`
    presente, mesada, prêmio, premio, sorteio, pensão, aluguel, aluguel recebido, empréstimo,
    devolução, transferência, pix, doação, vaquinha, troco, rifa, achei, dinheiro
  `),
}

/**
 * Names users give categories when they ask for one by name ('mudar categoria para contas da
 * casa', 'resumo de lazer'): slugs, labels and plain synonyms.
 */
export const CATEGORY_NAMES: Record<Category, readonly string[]> = {
  alimentacao: list('alimentação, alimentacao, comida, refeições, restaurantes'),
  mercado: list('mercado, supermercado, mercados'),
  transporte: list('transporte, transportes, locomoção'),
  moradia: list('moradia, casa, habitação'),
  contas_casa: list(
    'contas da casa, contas de casa, conta de casa, contas casa, contas_casa, contas, conta da casa',
  ),
  saude: list('saúde, saude'),
  educacao: list('educação, educacao, estudos'),
  lazer: list('lazer, diversão, entretenimento'),
  assinaturas: list('assinaturas, assinatura, streaming'),
  compras: list('compras, compra'),
  cuidados_pessoais: list(
    'cuidados pessoais, cuidados_pessoais, cuidado pessoal, cuidados, beleza, autocuidado',
  ),
  pets: list('pets, pet, animais, bichos'),
  impostos: list('impostos, imposto, tributos, taxas'),
  negocio: list('negócio, negocio, negócios, empresa, trabalho'),
  outros: list('outros, outro, outras despesas, outra, diversos'),
  salario: list('salário, salario'),
  vendas: list('vendas, venda'),
  servicos: list('serviços, servicos, serviço, servico'),
  investimentos: list('investimentos, investimento'),
  outras_receitas: list('outras receitas, outras_receitas, outra receita'),
}

/**
 * Tax acronyms that are also everyday words ('das' = 'of the', 'ir' = 'to go'): alone they
 * count only written in capitals (DAS, IR); inside a phrase ('das do mei') they always do.
 */
export const CAPITALS_ONLY: ReadonlySet<string> = new Set(['das', 'ir'])
