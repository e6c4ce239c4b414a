import { s, type Screen } from './tela.ts';

/** Relatórios (SPEC.md §2). */
export const telasRelatorios: readonly Screen[] = [
  s('reports', 'relatorioQrCode', 'Relatório de QR Code', undefined, {
    paraQue: 'Vendas feitas pelo QR Code da mesa.',
    passos: ['Escolha o período.', 'Agrupe por mesa, produto ou dia.'],
  }),
  s('reports', 'relatorioVenda', 'Relatório de vendas', undefined, {
    paraQue: 'As vendas do período, por dia, loja, canal, hora ou terminal.',
    passos: ['Escolha o período e as lojas.', 'Escolha como agrupar e leia os totais.'],
    regras: ['Vendas canceladas ficam fora dos totais e são contadas à parte.'],
  }),
  s('reports', 'relatorioVendaFranquia', 'Vendas por franquia', undefined, {
    paraQue: 'Vendas por loja com o valor de royalties de cada franquia.',
    passos: ['Escolha o período.', 'Confira o faturamento e os royalties por loja.'],
  }),
  s('reports', 'relatorioVendaProdutos', 'Vendas por produto', undefined, {
    paraQue: 'Vendas por produto, com a curva ABC.',
    passos: ['Escolha o período e as lojas.', 'Ordene por quantidade ou valor.'],
    regras: ['Classe A são os produtos que somam 80% do faturamento.'],
  }),
  s('reports', 'relatorioVendaInsumos', 'Consumo de insumos', undefined, {
    paraQue: 'Quanto de cada ingrediente as vendas consumiram, pela ficha técnica.',
    passos: ['Escolha o período e a loja.', 'Confira o consumo de cada insumo.'],
  }),
  s('reports', 'relatorioVendaCancelamentos', 'Cancelamentos', undefined, {
    paraQue: 'Vendas e itens cancelados, com quem cancelou e o motivo.',
    passos: ['Escolha o período.', 'Veja os cancelamentos por operador.'],
  }),
  s('reports', 'relatorioVendaDescontos', 'Descontos', undefined, {
    paraQue: 'Os descontos dados no período, por motivo e operador.',
    passos: ['Escolha o período.', 'Veja os maiores descontos primeiro.'],
  }),
  s('reports', 'relatorioVendaTransferencias', 'Transferências de venda', undefined, {
    paraQue: 'Transferências de itens entre mesas e comandas.',
    passos: ['Escolha o período.', 'Veja as transferências por usuário.'],
  }),
  s('reports', 'relatorioVendasResumoFiscal', 'Resumo fiscal de vendas', undefined, {
    paraQue: 'O resumo fiscal das vendas: documentos por modelo, série e situação.',
    passos: ['Escolha o período e a loja.', 'Confira autorizadas, canceladas e pendentes.'],
  }),
  s('reports', 'relatorioEstoqueInventario', 'Relatório de inventário', undefined, {
    paraQue: 'Os inventários do período com sobras e faltas.',
    passos: ['Escolha o período.', 'Abra um inventário para ver os itens.'],
  }),
  s('reports', 'relatorioEstoqueSaidaManual', 'Relatório de saídas manuais', undefined, {
    paraQue: 'As saídas manuais do período, por motivo e por produto.',
    passos: ['Escolha o período.', 'Filtre por local, motivo ou usuário.'],
    regras: ['Saídas estornadas aparecem, mas não somam.'],
  }),
  s('reports', 'relatorioEstoqueCompras', 'Relatório de compras', undefined, {
    paraQue: 'O que a loja comprou no período, por fornecedor e por produto, com o preço médio, o último e a evolução do preço.',
    passos: ['Escolha o período e, se quiser, o fornecedor.', 'Escolha um produto para ver a evolução do preço dele no gráfico.', 'Exporte em CSV, XLSX ou PDF.'],
    regras: ['Entram os recebimentos de pedidos de compra e as NF-e lançadas no estoque; um recebimento feito pela nota conta uma vez só.', 'Notas estornadas ficam de fora.'],
  }),
  s('reports', 'relatorioDFE', 'Relatório de DF-e', undefined, {
    paraQue: 'As notas baixadas da SEFAZ por situação: só o resumo, manifestadas, com o XML completo e lançadas, com quantidade e valor.',
    passos: ['Escolha o período de emissão e, se quiser, a situação.', 'Exporte em CSV, XLSX ou PDF.'],
  }),
  s('reports', 'relatorioEstoqueProduto', 'Estoque por produto', undefined, {
    paraQue: 'O estoque de cada produto por local, com o valor no custo médio.',
    passos: ['Escolha o local ou todos.', 'Marque “abaixo do mínimo” para ver o que repor.'],
  }),
  s('reports', 'relatorioEstoqueFluxo', 'Fluxo de estoque', undefined, {
    paraQue: 'Entradas e saídas do estoque no período, por tipo de movimento.',
    passos: ['Escolha o período.', 'Compare entradas, vendas e perdas.'],
  }),
  s('reports', 'relatorioMovimentacaoProdutos', 'Movimentação de produtos', undefined, {
    paraQue: 'O kardex: cada movimento de um produto com o saldo depois dele.',
    passos: ['Escolha o produto e o período.', 'Leia os movimentos em ordem.'],
  }),
  s('reports', 'relatorioEstoqueTransferencia', 'Relatório de transferências', undefined, {
    paraQue: 'As transferências entre lojas enviadas e recebidas, com as divergências valorizadas.',
    passos: ['Escolha o período e, se quiser, a direção, a outra loja e a situação.', 'Marque “Só com divergência” para ver o que se perdeu no caminho.'],
  }),
  s('reports', 'relatoriosDoSistema', 'Relatórios do sistema', undefined, {
    paraQue: 'O catálogo de todos os relatórios, com seus favoritos primeiro.',
    passos: ['Procure o relatório pelo nome.', 'Marque a estrela para deixá-lo nos favoritos.'],
  }),
  s('reports', 'relatoriosCriados', 'Relatórios criados', undefined, {
    paraQue: 'Relatórios que você monta: colunas, filtros e agrupamentos.',
    passos: ['Clique em Novo e escolha o conjunto de dados.', 'Escolha dimensões e medidas, salve e compartilhe.'],
  }),
];
