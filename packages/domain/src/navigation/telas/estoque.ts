import { s, type Screen } from './tela.ts';

/** Estoque (SPEC.md §2). */
export const telasEstoque: readonly Screen[] = [
  s('stock', 'estoqueCadastro', 'Locais de estoque', undefined, {
    paraQue: 'Os locais de estoque de cada loja: câmara fria, estoque seco, bar.',
    passos: ['Clique em Novo e dê um nome ao local.', 'Marque o local que dá baixa nas vendas.'],
    regras: ['As vendas tiram o estoque do local de vendas da loja.'],
  }),
  s('stock', 'estoqueSetorCadastro', 'Setores de estoque', undefined, {
    paraQue: 'Setores que organizam os produtos dentro do estoque.',
    passos: ['Clique em Novo e dê um nome ao setor.', 'Escolha o setor nos produtos.'],
  }),
  s('stock', 'estoqueInventario', 'Inventário', undefined, {
    paraQue: 'A contagem do estoque: congela os saldos, registra o que foi contado e ajusta.',
    passos: ['Abra um inventário escolhendo os locais.', 'Registre as quantidades contadas e aprove.'],
    regras: ['Ao aprovar, sobras e faltas viram movimentos no custo médio.'],
  }),
  s('stock', 'estoqueSaidaManual', 'Saída manual', undefined, {
    paraQue: 'Saídas de estoque fora das vendas: perdas, vencimentos, consumo.',
    passos: ['Escolha o local e o motivo.', 'Informe produtos e quantidades e salve.'],
    regras: ['Uma saída errada é estornada, não apagada.'],
  }),
  s('stock', 'estoqueTransferenciaLojas', 'Transferência entre lojas', undefined, {
    paraQue: 'Mercadoria de uma loja para outra do grupo: sai ao enviar, entra quando a outra loja confirma o recebimento.',
    passos: ['Clique em Nova transferência, escolha a loja de destino, o local de origem e os produtos.', 'Salve e envie; a loja de destino abre a transferência e confirma o que chegou.'],
    regras: ['O custo vem da tabela de preços de transferência, senão do custo médio da origem.', 'Falta ou sobra no recebimento fica registrada e valorizada.', 'Enviada por engano: estorne antes do recebimento.'],
  }),
  s('stock', 'estoqueTransferenciaLocal', 'Transferência entre locais', undefined, {
    paraQue: 'Transfere produtos de um local de estoque para outro na mesma loja.',
    passos: ['Escolha origem e destino.', 'Informe produtos e quantidades e salve.'],
    regras: ['A transferência não muda o custo médio.'],
  }),
  s('stock', 'estoquePedidoCompra', 'Pedidos de compra', undefined, {
    paraQue: 'Pedidos aos fornecedores, na unidade deles, e o recebimento da mercadoria no estoque.',
    passos: [
      'Crie o pedido: fornecedor, itens com quantidade e preço na unidade do fornecedor (o fator vem de Produtos por fornecedor).',
      'Edite o rascunho à vontade e marque como enviado quando mandar ao fornecedor.',
      'Quando a mercadoria chegar, use Receber mercadoria: o local, o que chegou de cada item e o preço cobrado se for outro.',
    ],
    regras: [
      'Cada recebimento dá entrada no estoque pelo preço pago; o que falta continua a receber.',
      'Quantidade além do pedido e preço diferente ficam registrados como divergências em cada item.',
      'Um pedido enviado não se edita; cancelar só enquanto nada foi recebido, com o motivo.',
    ],
  }),
  s('stock', 'estoqueSugestaoPedido', 'Sugestão de pedido', undefined, {
    paraQue: 'Quanto comprar de cada produto: pelo mínimo e máximo, pelo consumo das últimas semanas segundo as fichas técnicas, pelos pedidos abertos e pelo prazo de entrega do fornecedor.',
    passos: [
      'Escolha, se quiser, o local, o fornecedor ou o grupo de produtos; ajuste as semanas de consumo (8) e os dias até o próximo pedido (7).',
      'Confira e altere as quantidades na unidade do fornecedor (zero tira o item).',
      'Clique em Gerar pedidos: um pedido de compra em rascunho para cada fornecedor, para revisar e enviar.',
    ],
    regras: [
      'Necessidade = maior entre o máximo e (mínimo + consumo por dia × (prazo de entrega + dias até o próximo pedido)), menos o saldo e o que está em pedidos abertos; sem máximo, mínimo + esse consumo.',
      'A sugestão é a necessidade dividida pelo fator do fornecedor, arredondada para cima a uma unidade de compra inteira.',
      'O consumo é o que as vendas baixaram do estoque pelas fichas técnicas (vendas canceladas não contam), em dias completos até ontem.',
      'Produtos sem fornecedor em Produtos por fornecedor aparecem como tal e não entram nos pedidos; o prazo de entrega também vem de lá.',
    ],
  }),
  s('stock', 'estoqueProdutoFornecedor', 'Produtos por fornecedor', undefined, {
    paraQue: 'Qual produto nosso é cada item de um fornecedor, pelo código dele na nota (e o GTIN).',
    passos: ['Escolha o fornecedor, o código do item na nota e o produto.', 'Informe o fator quando a unidade de compra for outra.'],
    regras: ['A entrada de nota fiscal preenche esta lista sozinha quando você liga um item a um produto.'],
  }),
  s('stock', 'estoqueProdutoFatorConversao', 'Fatores de conversão', undefined, {
    paraQue: 'Quantas unidades de uso há numa unidade de compra (1 CX = 12 UN).',
    passos: ['Escolha o produto e a unidade de compra.', 'Informe o fator e salve.'],
  }),
  s('stock', 'estoqueGerarListaReposicao', 'Lista de reposição', undefined, {
    paraQue: 'O que esta loja precisa pedir: os produtos abaixo do estoque mínimo e quanto repor.',
    passos: ['Escolha repor até o mínimo ou até o máximo e ajuste as quantidades.', 'Imprima, ou envie como pedido de transferência à cozinha central.'],
    regras: ['O que já foi pedido e ainda não chegou é descontado.'],
  }),
  s('stock', 'estoquePedidoTransferencia', 'Pedidos de transferência', 'estoquePedidoTransferencia', {
    paraQue: 'Os pedidos que outras lojas fizeram a esta (a cozinha central): aprovar, separar e enviar.',
    passos: ['Abra o pedido e aprove tudo ou em parte.', 'Clique em Separar e enviar e escolha o local de onde sai.'],
    regras: ['Aprovar quantidade diferente da pedida exige justificativa.', 'O envio cria a transferência e baixa o estoque desta loja.'],
  }),
  s('stock', 'solicitacaoPedidoTransferencia', 'Solicitação de transferência', 'estoquePedidoTransferencia', {
    paraQue: 'Os pedidos de produtos que esta loja fez à cozinha central ou a outra loja.',
    passos: ['Clique em Nova solicitação, escolha a loja que atende e os produtos.', 'Quando a mercadoria chegar, abra o pedido e confirme o recebimento.'],
    regras: ['Cada etapa mostra quem fez e quando.'],
  }),
  s('stock', 'estoqueProducaoProdutos', 'Produção', undefined, {
    paraQue: 'Ordens de produção: fazer um produto a partir da ficha técnica.',
    passos: ['Crie a ordem com o produto e a quantidade planejada.', 'Aponte o que foi produzido e finalize.'],
    regras: ['Cada apontamento baixa os ingredientes e dá entrada no produzido.'],
  }),
  s('stock', 'estoqueFichaTecnica', 'Fichas técnicas', undefined, {
    paraQue: 'A receita de cada produto: ingredientes e quantidades.',
    passos: ['Escolha o produto e clique em Novo.', 'Informe cada ingrediente e a quantidade usada.'],
    regras: ['Vender um produto com ficha baixa os ingredientes.'],
  }),
  s('stock', 'listaProdutosVendidos', 'Produtos vendidos', undefined, {
    paraQue: 'Lista dos produtos vendidos no período, por loja e agrupador.',
    passos: ['Escolha o período e as lojas.', 'Leia as quantidades ou exporte.'],
  }),
  s('stock', 'conciliacaoCaixa', 'Conciliação de caixa', undefined, {
    paraQue: 'Fecha os períodos de caixa dos terminais: o que o sistema vendeu em cada forma de pagamento contra o que o operador contou, e lança o dinheiro no financeiro.',
    passos: ['Escolha as datas e clique em Conferir no período.', 'Digite o valor contado de cada forma de pagamento e registre as sangrias e suprimentos.', 'Confira as diferenças e clique em Aprovar fechamento.', 'Se a contagem estava errada, um gerente clica em Reabrir fechamento, informa o motivo e aprova de novo.'],
    regras: [
      'O dinheiro esperado na gaveta é o fundo de troco mais as vendas em dinheiro (sem o troco), menos as sangrias e mais os suprimentos; vendas canceladas não contam. Sangrias e suprimentos registrados no PDV aparecem aqui como do terminal.',
      'A aprovação lança as vendas em dinheiro e a sobra ou falta na conta financeira do tipo Caixa da loja, uma só vez; os recebíveis de cartão e voucher das vendas do período aparecem como confirmados pelo fechamento no calendário de recebimentos.',
      'Reabrir exige a permissão de lixeira desta tela: estorna com novos lançamentos o que a aprovação lançou e guarda quem reabriu, quando e por quê; nada é apagado.',
    ],
  }),
];
