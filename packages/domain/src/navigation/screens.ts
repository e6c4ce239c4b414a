import type { Area } from './areas.ts';

/**
 * Every screen of SPEC.md §2, in the order the specification lists them. Each is a child route of
 * the main layout at '/<name>'. `pagina` names the page component when several screens share one
 * (SPEC.md §2: 'same page'); otherwise the page is the screen itself.
 */
export interface Screen {
  readonly name: string;
  readonly area: Area;
  readonly label: string;
  readonly pagina?: string;
  /** Not a screen of SPEC.md §2 but a page PRODUCT.md names (e.g. olhoNoImposto, the IBPT import). */
  readonly extra?: true;
  /** The help panel's text for the screen: what it is for, the first steps, the rules that are not obvious. */
  readonly ajuda?: AjudaTela;
}

export interface AjudaTela {
  readonly paraQue: string;
  readonly passos: readonly string[];
  readonly regras?: readonly string[];
}

const s = (area: Area, name: string, label: string, pagina?: string, ajuda?: AjudaTela): Screen => ({ name, area, label, ...(pagina ? { pagina } : {}), ...(ajuda ? { ajuda } : {}) });

export const screens: readonly Screen[] = [
  s('registration', 'pessoa', 'Pessoas', undefined, {
    paraQue: 'Clientes, fornecedores, funcionários e entregadores do grupo, num só cadastro.',
    passos: ['Clique em Novo, escolha Física ou Jurídica e preencha nome e CPF/CNPJ.', 'Marque os papéis da pessoa (cliente, fornecedor, funcionário…) e salve.'],
    regras: ['O CPF/CNPJ é conferido pelo dígito e não pode se repetir no grupo.', 'A cidade vem da lista do IBGE da UF escolhida.'],
  }),
  s('registration', 'pessoaConvenio', 'Convênios', undefined, {
    paraQue: 'Convênios de empresas clientes, cujas compras são cobradas depois.',
    passos: ['Clique em Novo e escolha a pessoa jurídica do convênio.', 'Defina as condições e salve.'],
    regras: ['Um convênio removido vai para a lixeira e pode ser restaurado.'],
  }),
  s('registration', 'grupoEmpresarial', 'Grupo empresarial', undefined, {
    paraQue: 'Os dados do grupo empresarial: nome e o que vale para todas as lojas.',
    passos: ['Confira o nome do grupo.', 'Altere o que precisar e salve.'],
    regras: ['Tudo o que é cadastrado pertence ao grupo; as outras empresas do grupo veem os mesmos cadastros.'],
  }),
  s('registration', 'empresa', 'Empresas', undefined, {
    paraQue: 'As lojas (empresas) do grupo, com seus dados fiscais e endereço.',
    passos: ['Clique em Novo e informe CNPJ, razão social e nome fantasia.', 'Preencha endereço, regime tributário e salve.'],
    regras: ['O CNPJ é conferido pelo dígito.', 'A empresa ativa é escolhida no seletor do topo da tela.'],
  }),
  s('registration', 'empresaNumeroNota', 'Numeração de notas', undefined, {
    paraQue: 'A numeração das notas fiscais de cada empresa: modelo, série e próximo número.',
    passos: ['Clique em Novo e escolha modelo (55 ou 65) e série.', 'Informe o próximo número a emitir e salve.'],
    regras: ['Cada modelo e série tem uma só numeração por empresa.'],
  }),
  s('registration', 'empresaSimplificado', 'Empresa simplificada', undefined, {
    paraQue: 'Um cadastro rápido de empresa, com o mínimo para começar a vender.',
    passos: ['Informe CNPJ, nome e endereço.', 'Salve; os detalhes fiscais podem ser completados em Empresas.'],
  }),
  s('registration', 'agrupador', 'Agrupadores', undefined, {
    paraQue: 'Os grupos de produtos (bebidas, lanches, sobremesas…) usados nos cardápios e relatórios.',
    passos: ['Clique em Novo e dê um nome ao agrupador.', 'Depois, escolha o agrupador em cada produto.'],
    regras: ['Os relatórios de vendas somam por agrupador.'],
  }),
  s('registration', 'formaPagamento', 'Formas de pagamento', undefined, {
    paraQue: 'Como o cliente paga: dinheiro, cartões, Pix, vale…',
    passos: ['Clique em Novo, dê um nome e escolha o tipo.', 'Marque se permite troco ou exige operadora e salve.'],
    regras: ['O tipo decide como a forma aparece nos relatórios e na conciliação.'],
  }),
  s('registration', 'tipoPagamentoBandeira', 'Bandeiras de cartão', undefined, {
    paraQue: 'As bandeiras de cartão (Visa, Mastercard, Elo…) aceitas nas vendas.',
    passos: ['Clique em Novo e informe a bandeira.', 'Salve; ela aparece para escolha no pagamento com cartão.'],
  }),
  s('registration', 'unidadeMedida', 'Unidades de medida', undefined, {
    paraQue: 'As unidades de medida dos produtos: UN, KG, L…',
    passos: ['Clique em Novo e informe sigla e descrição.', 'Marque “fracionado” quando a unidade aceita quantidades com vírgula (KG, L).'],
    regras: ['A sigla não pode se repetir no grupo.'],
  }),
  s('registration', 'caixa', 'Caixas', undefined, {
    paraQue: 'Os caixas (gavetas de dinheiro) das lojas, com o fundo de troco.',
    passos: ['Clique em Novo e dê um nome ao caixa.', 'Informe o fundo de troco e a conta financeira e salve.'],
  }),
  s('registration', 'terminal', 'Terminais', undefined, {
    paraQue: 'Os computadores e aparelhos que vendem: PDV, totem, app do garçom.',
    passos: ['Clique em Novo, escolha o tipo e dê um nome.', 'Escolha o caixa do terminal e salve.'],
    regras: ['As vendas chegam identificadas pelo terminal que as fez.'],
  }),
  s('registration', 'smartPos', 'Smart POS', undefined, {
    paraQue: 'As maquininhas Smart POS que vendem e recebem cartão na mesa.',
    passos: ['Clique em Novo e informe o número de série.', 'Associe a maquininha ao terminal e salve.'],
  }),
  s('registration', 'operadora', 'Operadoras de cartão', undefined, {
    paraQue: 'As operadoras de cartão (adquirentes) e suas taxas.',
    passos: ['Clique em Novo e informe nome e CNPJ.', 'Informe as taxas de crédito e débito e salve.'],
    regras: ['As taxas são usadas para prever o valor líquido a receber.'],
  }),
  s('registration', 'setorImpressao', 'Setores de impressão', undefined, {
    paraQue: 'Para onde vai cada pedido impresso: cozinha, bar, copa.',
    passos: ['Cadastre a impressora em Impressoras.', 'Clique em Novo, dê um nome ao setor e escolha a impressora.'],
    regras: ['Cada produto diz em Setores dos produtos para qual setor é impresso.'],
  }),
  s('registration', 'setorImpressaoProducao', 'Setores de impressão da produção', undefined, {
    paraQue: 'Os setores que imprimem as ordens de produção.',
    passos: ['Clique em Novo e dê um nome ao setor.', 'Escolha a impressora e salve.'],
  }),
  s('registration', 'periodoPorHora', 'Períodos por hora', undefined, {
    paraQue: 'Faixas de horário (almoço, jantar…) para ler as vendas por período.',
    passos: ['Clique em Novo e dê um nome ao período.', 'Informe hora de início e de fim e salve.'],
    regras: ['Os relatórios de vendas podem ser filtrados por estes períodos.'],
  }),
  s('registration', 'voucherECupomDesconto', 'Vouchers e cupons de desconto', undefined, {
    paraQue: 'Vouchers e cupons que dão desconto ao cliente.',
    passos: ['Clique em Novo e escolha desconto em valor ou percentual.', 'Defina validade e quantidade e salve.'],
    regras: ['Um cupom usado não pode ser usado de novo.'],
  }),
  s('registration', 'programaFidelidade', 'Programa de fidelidade', undefined, {
    paraQue: 'O programa de fidelidade do grupo: como o cliente acumula e resgata.',
    passos: ['Escolha o tipo de programa (pontos ou cashback).', 'Defina as regras e salve.'],
  }),
  s('registration', 'programaFidelidadePontos', 'Fidelidade: pontos', undefined, {
    paraQue: 'As regras do programa de pontos.',
    passos: ['Informe quantos pontos cada real gasto vale.', 'Defina o que os pontos resgatam e salve.'],
  }),
  s('registration', 'programaFidelidadeCashBack', 'Fidelidade: cashback', undefined, {
    paraQue: 'As regras do cashback: quanto volta ao cliente em cada compra.',
    passos: ['Informe o percentual devolvido.', 'Defina validade e valor mínimo e salve.'],
  }),
  s('registration', 'impressora', 'Impressoras', undefined, {
    paraQue: 'As impressoras das lojas: de pedidos, de conta e de etiquetas.',
    passos: ['Clique em Novo, dê um nome e escolha o modelo.', 'Escolha a conexão (rede, USB) e informe o endereço.'],
    regras: ['Uma impressora de rede é informada como IP:porta, por exemplo 10.0.0.9:9100.'],
  }),
  s('registration', 'balanca', 'Balanças', undefined, {
    paraQue: 'As balanças que pesam produtos vendidos por quilo.',
    passos: ['Clique em Novo e escolha o modelo.', 'Informe a conexão e salve.'],
  }),
  s('registration', 'descontoMotivo', 'Motivos de desconto', undefined, {
    paraQue: 'Os motivos que o operador escolhe ao dar um desconto.',
    passos: ['Clique em Novo e descreva o motivo (cortesia, cliente fiel…).', 'Salve; o motivo aparece no PDV ao dar desconto.'],
    regras: ['O relatório de descontos soma por motivo.'],
  }),
  s('registration', 'acessoSistema', 'Perfis de acesso', undefined, {
    paraQue: 'Os perfis de acesso: o que cada função pode ver e fazer em cada tela.',
    passos: ['Clique em Novo e dê um nome ao perfil (Caixa, Gerente…).', 'Marque, tela a tela, ver, criar, editar, excluir e exportar.'],
    regras: ['O servidor confere o perfil em toda chamada, não só a tela.'],
  }),
  s('registration', 'usuarios', 'Usuários', undefined, {
    paraQue: 'Quem entra no sistema, com seu perfil e suas lojas.',
    passos: ['Clique em Novo e informe nome e e-mail.', 'Escolha o perfil de acesso e as empresas que a pessoa pode usar.'],
    regras: ['Um administrador vê todas as empresas do grupo.'],
  }),

  s('kds', 'kdsEstacao', 'Estações KDS', undefined, {
    paraQue: 'As telas da cozinha (TV ou tablet): que setores cada uma mostra, em quantas colunas, e quando um pedido fica amarelo ou vermelho.',
    passos: ['Cadastre antes os setores KDS.', 'Clique em Novo, dê um nome à estação e escolha os setores que ela mostra.', 'Ajuste colunas, minutos de alerta e de atraso e o som, e salve.'],
    regras: ['O atraso deve vir depois do alerta.', 'Cada estação vale para a empresa ativa.'],
  }),
  s('kds', 'kdsExpedicao', 'Expedição KDS', undefined, {
    paraQue: 'A tela do passe: reúne os setores de cada pedido e mostra o andamento de cada um até o pedido sair.',
    passos: ['Clique em Novo e escolha os setores que a expedição reúne.', 'Ajuste os minutos de alerta e de atraso e salve.'],
    regras: ['O atraso deve vir depois do alerta.'],
  }),
  s('kds', 'kdsSetor', 'Setores KDS', undefined, {
    paraQue: 'Os setores de preparo da cozinha (chapa, fritura, pizzaria, bar…): onde cada item é feito.',
    passos: ['Clique em Novo, dê o nome do setor e, se quiser, uma cor.', 'Depois, ligue os agrupadores aos setores em Setor KDS por grupo.'],
    regras: ['O nome do setor não se repete na empresa.'],
  }),
  s('kds', 'kdsMontagem', 'Montagem KDS', undefined, {
    paraQue: 'Os passos de montagem de um produto, em ordem, cada um no seu setor.',
    passos: ['Clique em Novo e escolha o produto.', 'Acrescente os passos na ordem, com o setor e os minutos de cada um, e salve.'],
    regras: ['Um produto tem uma só montagem por empresa.'],
  }),
  s('kds', 'kdsTeclado', 'Teclado KDS', undefined, {
    paraQue: 'O que cada tecla do teclado da cozinha (bump bar) faz na tela: concluir, voltar o último, andar entre pedidos.',
    passos: ['Clique em Novo e dê um nome ao teclado.', 'Escolha a estação (ou deixe vazio para todas) e acrescente as teclas com suas ações.'],
    regras: ['Uma tecla aparece uma só vez em cada teclado.'],
  }),
  s('kds', 'kdsSetorCadastroGrupo', 'Setor KDS por grupo', undefined, {
    paraQue: 'Em que setor KDS são preparados os produtos de cada agrupador (Lanches na chapa, Pizzas na pizzaria).',
    passos: ['Clique em Novo, escolha o agrupador e o setor KDS, e salve.'],
    regras: ['Cada agrupador vai para um só setor na empresa.', 'Os pedidos chegam às estações que mostram o setor do produto.'],
  }),

  {
    area: 'kds',
    name: 'relatorioKdsTempoPreparo',
    label: 'Tempo de preparo',
    extra: true,
    ajuda: {
      paraQue: 'Quanto a cozinha leva para preparar: do item chegar às telas ao toque de pronto, por estação, produto e hora.',
      passos: ['Escolha o período e, se quiser, uma estação.', 'Compare a média e o p90 (o tempo em que 9 de cada 10 itens ficaram prontos) entre estações e horários.', 'Veja na lista de produtos os mais demorados.'],
      regras: ['Atrasado é o item que passou dos minutos de atraso da estação que o concluiu.', 'Só entram itens concluídos; a hora é a de chegada, no fuso da loja.'],
    },
  },

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
  s('fiscal', 'emissaoNotaFiscal', 'Emissão de nota fiscal'),
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

  s('finance', 'financeiroResumo', 'Resumo financeiro', undefined, {
    paraQue: 'O painel do dinheiro: o saldo de cada conta, o que vence hoje e o que está vencido, e o fluxo de caixa realizado dos últimos 30 dias e previsto para os próximos 60.',
    passos: ['Escolha as lojas (ou todas).', 'Clique em um número de vencidos ou de hoje para abrir a agenda filtrada.', 'Passe o mouse no gráfico para ver as entradas, saídas e o saldo de cada dia.'],
    regras: ['O realizado são os movimentos das contas, sem saldos iniciais nem transferências entre contas.', 'O previsto são as parcelas em aberto pelo vencimento e os recebíveis de cartão e voucher previstos pelas regras das operadoras.'],
  }),
  s('finance', 'financeiroConciliacaoBancaria', 'Conciliação bancária', undefined, {
    paraQue: 'Traz o extrato do banco (arquivo OFX) para a conta, sem repetir linhas já importadas, e confere cada linha com os movimentos do financeiro.',
    passos: [
      'Escolha a conta bancária e arraste o arquivo OFX exportado do banco: as linhas com movimento de mesmo valor, a soma de um dia ou um recebível de cartão previsto são conciliadas na hora.',
      'Para uma linha em aberto, marque-a e marque os movimentos que somam o valor dela; ou crie o movimento a partir da linha.',
      'Salve regras ("histórico contém TARIFA → Tarifas bancárias") e confira o saldo conciliado de cada dia contra o do banco.',
    ],
  }),
  s('finance', 'calendarioRecebimento', 'Calendário de recebimentos', 'calendario', {
    paraQue: 'Quanto entra em cada dia do mês: os recebíveis de cartão, voucher e Pix previstos pelas regras de cada operadora.',
    passos: ['Escolha o mês.', 'Clique em um dia para ver cada recebível: venda, parcela, bruto, taxa e líquido.', 'Confira os avisos de voucher acima do limite do PAT.'],
  }),
  s('finance', 'calendarioPagamento', 'Calendário de pagamentos', 'calendario', {
    paraQue: 'O mesmo calendário do mês, aberto pelos pagamentos: as contas a pagar e a receber de cada dia, as vencidas em vermelho, o que foi baixado e os recebíveis de cartão previstos.',
    passos: ['Escolha o mês.', 'Clique em um dia para ver as contas que vencem nele e os recebíveis previstos.', 'Clique numa conta para abri-la na agenda e baixá-la.'],
  }),
  s('finance', 'financeiroAgenda', 'Contas a pagar e receber', undefined, {
    paraQue: 'As contas a pagar e a receber da loja, parcela por parcela: o que vence, o que está atrasado e o que já foi pago.',
    passos: ['Escolha A pagar ou A receber e o período de vencimento.', 'Clique em Nova conta, informe o valor total, as parcelas e o primeiro vencimento; repita todo mês ou semana se for recorrente.', 'Clique em Baixar quando pagar ou receber: escolha a conta e informe juros, multa ou desconto.'],
    regras: ['O valor é dividido ao centavo; os centavos que sobram ficam na primeira parcela.', 'Cada baixa movimenta a conta financeira na hora; um erro se desfaz com o estorno da baixa, nunca apagando.', 'Uma parcela não paga depois do vencimento aparece como Vencida.'],
  }),
  s('finance', 'financeiroConta', 'Contas financeiras', undefined, {
    paraQue: 'As contas onde o dinheiro da loja fica: bancos, caixas, carteiras de operadoras e de apps de entrega.',
    passos: ['Clique em Novo e escolha o tipo da conta.', 'Informe banco, agência e conta quando for um banco.', 'Informe o saldo inicial e a data dele.'],
  }),
  s('finance', 'financeiroPlanoConta', 'Plano de contas', undefined, {
    paraQue: 'A árvore de receitas e despesas que classifica cada movimento e monta a DRE; todo grupo começa com o plano padrão de restaurante.',
    passos: ['Abra os ramos da árvore para ver as contas.', 'Clique em uma conta para editá-la ou mudá-la de lugar.', 'Clique em Novo para criar uma conta abaixo de outra.'],
  }),
  s('finance', 'financeiroMovimentacao', 'Movimentações', undefined, {
    paraQue: 'Entradas, saídas e transferências entre contas, com o saldo de cada conta dia a dia.',
    passos: ['Escolha o período e, se quiser, uma conta para ver o saldo linha a linha.', 'Clique em Novo movimento para lançar uma entrada, uma saída ou uma transferência.', 'Um lançamento errado é estornado, nunca apagado.'],
  }),
  s('finance', 'relatorioFinanceiroPlanoDeContas', 'DRE por plano de contas', undefined, {
    paraQue: 'O resultado da loja ou do grupo mês a mês: receitas, custos e despesas pela árvore do plano de contas, no regime de caixa ou de competência.',
    passos: ['Escolha os meses, as lojas e o regime (caixa ou competência).', 'Mostre as colunas por mês ou por loja.', 'Clique em um valor para ver os movimentos e títulos que o formam; exporte em CSV, XLSX ou PDF.'],
    regras: ['Caixa: os movimentos pela data em que o dinheiro entrou ou saiu.', 'Competência: os títulos pela data de emissão, pagos ou não, e os movimentos sem título; títulos cancelados ficam fora.', 'Transferências entre contas não entram no resultado.'],
  }),
  s('finance', 'relatorioFinanceiroPlanoDeContasTeste', 'DRE por plano de contas (nova versão)', undefined, {
    paraQue: 'A próxima versão da DRE, calculada direto dos movimentos e títulos, ao lado da versão atual, com as diferenças destacadas.',
    passos: ['Escolha os meses, as lojas e o regime, como na DRE.', 'Compare as duas colunas: as células diferentes aparecem destacadas e contadas.'],
    regras: ['Sem diferenças, a tela diz que todas as células conferem ao centavo.'],
  }),
  s('finance', 'relatorioFinanceiroAgenda', 'Relatório da agenda financeira', undefined, {
    paraQue: 'O aging das contas a pagar e a receber: quanto cada fornecedor ou cliente tem em aberto, a vencer e atrasado de 1 a 30, 31 a 60, 61 a 90 e mais de 90 dias.',
    passos: ['Escolha A pagar ou A receber e a data de referência.', 'Filtre por loja, plano de contas ou pessoa.', 'Exporte em CSV, XLSX ou PDF.'],
    regras: ['Em aberto na data é o valor da parcela menos as baixas até ela; contas canceladas ficam fora.'],
  }),
  {
    area: 'finance',
    name: 'relatorioFinanceiroTaxasCartao',
    label: 'Auditoria de taxas de cartão',
    extra: true,
    ajuda: {
      paraQue: 'Confere se cada operadora cobrou a taxa do contrato: por bandeira e dia, a taxa prevista pelas regras da operadora contra a que de fato ficou, pelo crédito conciliado no banco.',
      passos: ['Escolha o período (até três meses) e, se quiser, a operadora.', 'Concilie o extrato do banco antes: só os créditos casados com o recebível previsto entram.', 'Procure as diferenças em vermelho: a operadora ficou com mais que o contrato.'],
      regras: ['O banco paga um crédito por operadora e dia; ele é repartido entre as bandeiras do dia pelo líquido previsto de cada uma.'],
    },
  },

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

  s('integrations', 'appSistema', 'Aplicativos do sistema', undefined, {
    paraQue: 'Os aparelhos da loja (telas KDS, PDVs, totens, app do garçom) e as credenciais com que entram no sistema.',
    passos: ['Clique em Novo, dê um nome ao aparelho e escolha o tipo (e a estação, para uma tela KDS).', 'Gere a credencial e digite-a no aparelho: ela aparece uma só vez.'],
    regras: ['A credencial fica guardada só como resumo (hash): perdida, gere outra.', 'Revogar ou desativar o aparelho o tira do sistema na hora.', 'O aparelho entra só com a credencial, nunca com a senha de uma pessoa.'],
  }),
  s('integrations', 'appTerceiros', 'Aplicativos de terceiros', 'appTerceirosCadastro', {
    paraQue: 'Os sistemas de fora (contabilidade, BI, hub de delivery) que leem os dados da rede pela API, com as suas chaves e as chamadas que fizeram.',
    passos: ['Abra um aplicativo para ver as chaves, o último uso de cada uma e as últimas chamadas com a resposta.', 'Revogue na hora a chave que vazou ou não é mais usada.'],
    regras: ['Uma chamada fora dos escopos do aplicativo é recusada (403) e fica na auditoria.', 'Acima do limite por minuto a API responde 429 e diz quando tentar de novo.'],
  }),
  s('integrations', 'appTerceirosCadastro', 'Cadastro de aplicativos de terceiros', undefined, {
    paraQue: 'Cadastra quem pode usar a API da rede (OAuth 2, client credentials): o que pode ler, de quais lojas e quantas chamadas por minuto.',
    passos: [
      'Clique em Novo, dê o nome e o contato, marque os escopos e as empresas.',
      'Salve e gere uma chave: o client_id e o client_secret aparecem uma só vez.',
      'O aplicativo pede um token em POST /api/oauth/token e chama a API com Authorization: Bearer e o cabeçalho X-Empresa.',
    ],
    regras: [
      'O segredo fica guardado só como resumo (hash): perdido, gere outra chave e revogue a antiga.',
      'Um aplicativo pode ter várias chaves, para trocar uma sem parar a integração.',
      'Inativar o aplicativo ou revogar a chave derruba os tokens na hora.',
      'O token vale 1 hora e só para os escopos pedidos; os escopos e as rotas estão no documento da API (/api/docs).',
    ],
  }),
  s('integrations', 'appIntegracaoDelivery', 'Integração com delivery', undefined, {
    paraQue: 'As lojas nos apps de delivery (iFood e outros): credenciais, situação da loja, mapeamento dos itens e os pedidos recebidos, que viram vendas.',
    passos: [
      'Clique em Novo, escolha o marketplace, informe o código da loja (merchantId), o terminal e a forma de pagamento das vendas.',
      'Salve e defina o segredo do webhook (o mesmo configurado no marketplace).',
      'Em Mapeamento, ligue cada item do app a um produto; os itens de pedidos recebidos sem mapeamento aparecem ali.',
      'Em Pedidos, aceite ou recuse os pedidos que chegaram (ou marque o aceite automático).',
    ],
    regras: [
      'Um pedido com assinatura inválida é recusado (401) e não fica guardado; o mesmo evento enviado duas vezes é guardado uma vez.',
      'Pedido aceito vira venda do canal Delivery: baixa o estoque, entra nos recebíveis e vai para a cozinha (KDS).',
      'Um pedido só pode ser aceito com todos os itens mapeados.',
      'O segredo fica guardado cifrado e nunca é mostrado de novo.',
    ],
  }),
  s('integrations', 'qrCode', 'QR Code (app do garçom)', undefined, {
    paraQue: 'Os pedidos feitos pelo cliente no celular, lendo o QR Code da mesa: o cardápio e os preços que as mesas veem, a taxa de serviço, as mesas com seus QR Codes para imprimir e os pedidos e chamadas de garçom de agora.',
    passos: [
      'Escolha o cardápio (a versão publicada é a que o cliente vê), a tabela de preços se houver e a taxa de serviço; salve.',
      'Cadastre as mesas (número, nome, área) e clique em Imprimir QR Codes para a folha A4 de recortar.',
      'Deixe a tela aberta: os pedidos das mesas aparecem aqui e vão para a cozinha (KDS); marque as chamadas de garçom como atendidas.',
    ],
    regras: [
      'Os preços são sempre os do servidor no momento do pedido; item esgotado ou fora do cardápio é recusado.',
      'O mesmo pedido enviado duas vezes (rede instável) fica gravado uma vez.',
      'Novo endereço troca o QR Code da mesa: o impresso antes deixa de funcionar.',
    ],
  }),
  s('integrations', 'whatsAppPage', 'WhatsApp'),
  s('integrations', 'mensagemAutomatica', 'Mensagens automáticas'),
  s('integrations', 'recuperadorDeVenda', 'Recuperador de vendas'),
  s('integrations', 'provedorOTP', 'Provedor de OTP', undefined, {
    paraQue: 'Como o cliente das páginas de QR Code e delivery recebe o código de acesso (OTP): canal, dígitos, validade, tentativas e limite por hora.',
    passos: ['Clique em Novo, escolha o canal (hoje, o e-mail pelo SMTP do sistema) e ajuste dígitos, validade e tentativas.', 'Escreva a mensagem com {codigo} (e, se quiser, {minutos} e {empresa}) e salve.'],
    regras: [
      'Só o resumo (hash) do código é guardado; ele vale uma vez, até expirar ou acabarem as tentativas.',
      'Um mesmo e-mail ou telefone pede no máximo o limite por hora.',
      'WhatsApp e SMS dependem do provedor, ainda não conectado: escolhidos, o envio diz isso.',
    ],
  }),

  s('dashboards', 'dashboardDefault', 'Painel do dia', undefined, {
    paraQue: 'O painel do dia da loja ativa: vendas, ticket médio, canais e produtos.',
    passos: ['Veja os números de hoje comparados com o mesmo dia da semana passada.', 'Use as setas para ver outro dia.'],
    regras: ['Vendas canceladas não entram nos totais.'],
  }),
  s('dashboards', 'dashboardDefault2', 'Painel do grupo', undefined, {
    paraQue: 'O painel do grupo: as vendas de todas as lojas lado a lado.',
    passos: ['Escolha o dia.', 'Compare as lojas pelo total e pelo ticket médio.'],
  }),
];

const byName = new Map(screens.map((screen) => [screen.name, screen]));

export function findScreen(name: string): Screen | undefined {
  return byName.get(name);
}

/** The page component key that renders a screen (shared pages collapse to one key). */
export function pageOf(screen: Screen): string {
  return screen.pagina ?? screen.name;
}
