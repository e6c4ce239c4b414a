import { s, type Screen } from './tela.ts';

/** Produtos, impostos e preços, notas fiscais (SPEC.md §2). */
export const telasProdutos: readonly Screen[] = [
  s('products', 'conversaoTotem', 'Conversão para totem', undefined, {
    paraQue: 'Prepara os produtos para o totem de autoatendimento: fotos, nomes e ordem.',
    passos: ['Escolha a empresa e o cardápio do totem.', 'Confira cada produto e ajuste o que falta.'],
  }),
  s('products', 'gerenciarEtiquetas', 'Etiquetas', undefined, {
    paraQue: 'Etiquetas de produtos (preço, validade, código de barras) para imprimir.',
    passos: ['Escolha os produtos e o modelo de etiqueta.', 'Confira a prévia e imprima.'],
  }),
  s('products', 'produtoGeral', 'Produtos', undefined, {
    paraQue: 'O catálogo de produtos do grupo: o que se vende e o que se usa na produção.',
    passos: ['Clique em Novo e informe descrição e unidade.', 'Escolha agrupador, tipo e NCM e salve; o código é dado sozinho.', 'Depois, dê o preço de cada loja em Produtos da empresa.'],
    regras: ['O produto vale para todas as lojas; preço, impostos e modos de venda são de cada loja.', 'Os campos marcados com * são obrigatórios.'],
  }),
  s('products', 'produtoGeralEmpresa', 'Produtos da empresa', undefined, {
    paraQue: 'Os produtos de cada loja: preço, modos de venda e impostos.',
    passos: ['Clique em Novo e escolha o produto do catálogo.', 'Informe o preço e os modos de venda (balcão, mesa, delivery) e salve.'],
    regras: ['O preço é sempre da empresa ativa no topo da tela.'],
  }),
  s('products', 'produtoPromocao', 'Promoções', undefined, {
    paraQue: 'Promoções: preço ou desconto por um período, dias e horários.',
    passos: ['Clique em Novo e escolha os produtos.', 'Defina o desconto, a validade e os dias e salve.'],
    regras: ['Fora do período a promoção não vale, mesmo habilitada.'],
  }),
  s('products', 'produtoGeralSetorEmpresa', 'Setores dos produtos', undefined, {
    paraQue: 'Para qual setor de impressão vai cada produto em cada loja.',
    passos: ['Escolha a empresa.', 'Escolha o setor de cada produto na grade e salve.'],
  }),
  s('products', 'cardapio', 'Cardápios', undefined, {
    paraQue: 'Os cardápios publicados: canais, seções e horários.',
    passos: ['Clique em Novo e escolha os canais do cardápio.', 'Monte as seções em Criar cardápio.'],
  }),
  s('products', 'cardapioBuffet', 'Buffet', undefined, {
    paraQue: 'O buffet por quilo: o produto pesado e seu preço por quilo.',
    passos: ['Escolha o produto do buffet.', 'Informe o preço do quilo e salve.'],
  }),
  s('products', 'produtoCombo', 'Combos', undefined, {
    paraQue: 'Combos: produtos vendidos juntos com desconto.',
    passos: ['Clique em Novo e dê um nome ao combo.', 'Monte os grupos de escolha e defina o desconto.'],
  }),
  s('products', 'vendaSugestaoProduto', 'Sugestão de venda', undefined, {
    paraQue: 'Sugestões oferecidas ao vender um produto (batata com o lanche…).',
    passos: ['Clique em Novo e escolha o produto.', 'Escolha o que sugerir e salve.'],
  }),
  s('products', 'criarCardapio', 'Criar cardápio', undefined, {
    paraQue: 'Monta um cardápio visualmente e mostra como o cliente o vê.',
    passos: ['Crie as seções e arraste os produtos para elas.', 'Confira a prévia com os preços da empresa e publique.'],
    regras: ['Um produto esgotado no estoque aparece como Esgotado.'],
  }),
  s('products', 'correcaoProdutos', 'Correção de produtos', undefined, {
    paraQue: 'Acha e corrige problemas no catálogo em massa: NCM, preços, impostos.',
    passos: ['Escolha as verificações e veja os produtos encontrados.', 'Confira a prévia e aplique as correções.'],
    regras: ['Uma correção aplicada pode ser desfeita pelo histórico.'],
  }),

  s('tax', 'configuracaoImposto', 'Imposto estadual (ICMS)', undefined, {
    paraQue: 'As regras de ICMS (e IPI) por UF que os produtos usam na nota.',
    passos: ['Clique em Novo e dê um nome à configuração.', 'Informe CST/CSOSN, alíquotas por UF e salve.'],
    regras: ['Cada produto da empresa aponta para uma configuração.'],
  }),
  s('tax', 'configuracaoImpostoFederal', 'Imposto federal (PIS/COFINS)', undefined, {
    paraQue: 'As regras de PIS e COFINS dos produtos.',
    passos: ['Clique em Novo e dê um nome à configuração.', 'Informe CST e alíquotas e salve.'],
  }),
  s('tax', 'configuracaoImpostoIPI', 'IPI', 'configuracaoImposto', {
    paraQue: 'As regras de IPI dos produtos.',
    passos: ['Clique em Novo e dê um nome à configuração.', 'Informe CST e alíquota e salve.'],
  }),
  s('tax', 'tabelaVenda', 'Tabelas de venda', undefined, {
    paraQue: 'Tabelas de preço para canais ou horários diferentes (delivery, happy hour).',
    passos: ['Clique em Novo e dê um nome e uma prioridade.', 'Informe os preços dos produtos e a validade.'],
    regras: ['Com duas tabelas válidas, vale a de maior prioridade.'],
  }),
  s('tax', 'tabelaPrecoTransferenciasLojas', 'Preços de transferência entre lojas', undefined, {
    paraQue: 'Os preços usados ao transferir produtos entre lojas.',
    passos: ['Escolha o produto e a loja.', 'Informe o preço de transferência e salve.'],
  }),
  {
    area: 'tax',
    name: 'olhoNoImposto',
    label: 'De Olho no Imposto (IBPT)',
    extra: true,
    ajuda: { paraQue: 'A tabela do IBPT que dá o valor aproximado dos tributos no cupom.', passos: ['Baixe o CSV da UF no site do IBPT.', 'Importe o arquivo aqui.'], regras: ['Importar de novo a mesma versão a substitui; versões antigas ficam guardadas.'] },
  },

  s('fiscal', 'entradaNotaFiscal', 'Entrada de nota fiscal', undefined, {
    paraQue: 'Dar entrada das NF-e de compra: estoque pelo custo de entrada e duplicatas no contas a pagar.',
    passos: ['Solte aqui os XMLs (ou um .zip) das notas dos fornecedores.', 'Abra a nota e ligue a um produto cada item que ainda não tem.', 'Escolha o local de estoque e lance.'],
    regras: ['A mesma nota duas vezes é recusada.', 'Nota cancelada pelo emitente nunca entra no estoque.', 'A ligação de um item fica lembrada para as próximas notas do fornecedor.'],
  }),
  s('fiscal', 'emissaoNotaFiscal', 'Emissão de nota fiscal', undefined, {
    paraQue: 'Emitir NF-e (modelo 55) de transferência entre lojas, devolução a fornecedor e venda a empresa, com os impostos da configuração fiscal dos produtos.',
    passos: ['Clique em Nova nota (ou gere a nota a partir de uma transferência enviada ou de uma entrada lançada).', 'Escolha o destinatário, os produtos, as quantidades e os valores, e salve o rascunho.', 'Confira itens, impostos e totais e clique em Emitir: a nota é numerada, assinada com o certificado A1 e enviada à SEFAZ.'],
    regras: [
      'A numeração vem de Numeração de notas (modelo 55, série): sem saltos nem repetições, mesmo com várias emissões ao mesmo tempo.',
      'Nota rejeitada mostra o código e o motivo da SEFAZ e pode ser corrigida e emitida de novo com o mesmo número.',
      'Se a SEFAZ não responder, a nota fica Aguardando SEFAZ e é reenviada sozinha até ser autorizada.',
    ],
  }),
  s('fiscal', 'exportarDados', 'Exportar dados', undefined, {
    paraQue: 'O arquivo do mês para o contador: os XMLs das notas recebidas, os eventos delas e um resumo em planilha, por loja.',
    passos: ['Confira o período (o mês passado já vem escolhido) e as lojas.', 'Informe o e-mail do contador se quiser enviar a ele, e clique em Gerar.', 'Acompanhe a barra; quando ficar pronta, baixe o .zip na lista.'],
    regras: ['Cada nota entra uma vez por loja, mesmo que tenha chegado pela entrada e pela SEFAZ.', 'O .zip fica disponível por 7 dias, só para os usuários do grupo que veem todas as lojas dele.', 'Uma nota de que só há o resumo da SEFAZ aparece na planilha, sem XML.'],
  }),
  s('fiscal', 'baixarNotas', 'Baixar notas (DF-e)', undefined, {
    paraQue: 'As NF-e emitidas contra o CNPJ da loja, baixadas da SEFAZ com o certificado digital A1, e a manifestação do destinatário.',
    passos: ['Clique em Baixar agora: chegam os resumos das notas novas.', 'Manifeste a Ciência da operação para receber o XML completo na próxima consulta.', 'Clique em Lançar para levar o XML completo à Entrada de nota fiscal; depois da mercadoria recebida, manifeste a Confirmação.'],
    regras: ['Sem documentos novos, a SEFAZ só aceita outra consulta uma hora depois; o botão espera por ela para o CNPJ não ser bloqueado.', 'Operação não realizada exige justificativa de 15 a 255 caracteres.', 'A manifestação conclusiva (Confirmação, Desconhecimento ou Operação não realizada) é uma só por nota.'],
  }),
];
