import type { Area } from './areas.ts';

/**
 * Every screen of SPEC.md §2, in the order the specification lists them. Each is a child route of
 * the main layout at '/<name>'. `pagina` names the page component when several screens share one
 * (SPEC.md §2: "same page"); otherwise the page is the screen itself.
 */
export interface Screen {
  readonly name: string;
  readonly area: Area;
  readonly label: string;
  readonly pagina?: string;
  /** Not a screen of SPEC.md §2 but a page PRODUCT.md names (e.g. olhoNoImposto, the IBPT import). */
  readonly extra?: true;
}

const s = (area: Area, name: string, label: string, pagina?: string): Screen =>
  pagina ? { name, area, label, pagina } : { name, area, label };

export const screens: readonly Screen[] = [
  s('registration', 'pessoa', 'Pessoas'),
  s('registration', 'pessoaConvenio', 'Convênios'),
  s('registration', 'grupoEmpresarial', 'Grupo empresarial'),
  s('registration', 'empresa', 'Empresas'),
  s('registration', 'empresaNumeroNota', 'Numeração de notas'),
  s('registration', 'empresaSimplificado', 'Empresa simplificada'),
  s('registration', 'agrupador', 'Agrupadores'),
  s('registration', 'formaPagamento', 'Formas de pagamento'),
  s('registration', 'tipoPagamentoBandeira', 'Bandeiras de cartão'),
  s('registration', 'unidadeMedida', 'Unidades de medida'),
  s('registration', 'caixa', 'Caixas'),
  s('registration', 'terminal', 'Terminais'),
  s('registration', 'smartPos', 'Smart POS'),
  s('registration', 'operadora', 'Operadoras de cartão'),
  s('registration', 'setorImpressao', 'Setores de impressão'),
  s('registration', 'setorImpressaoProducao', 'Setores de impressão da produção'),
  s('registration', 'periodoPorHora', 'Períodos por hora'),
  s('registration', 'voucherECupomDesconto', 'Vouchers e cupons de desconto'),
  s('registration', 'programaFidelidade', 'Programa de fidelidade'),
  s('registration', 'programaFidelidadePontos', 'Fidelidade: pontos'),
  s('registration', 'programaFidelidadeCashBack', 'Fidelidade: cashback'),
  s('registration', 'impressora', 'Impressoras'),
  s('registration', 'balanca', 'Balanças'),
  s('registration', 'descontoMotivo', 'Motivos de desconto'),
  s('registration', 'acessoSistema', 'Perfis de acesso'),
  s('registration', 'usuarios', 'Usuários'),

  s('kds', 'kdsEstacao', 'Estações KDS'),
  s('kds', 'kdsExpedicao', 'Expedição KDS'),
  s('kds', 'kdsSetor', 'Setores KDS'),
  s('kds', 'kdsMontagem', 'Montagem KDS'),
  s('kds', 'kdsTeclado', 'Teclado KDS'),
  s('kds', 'kdsSetorCadastroGrupo', 'Setor KDS por grupo'),

  s('products', 'conversaoTotem', 'Conversão para totem'),
  s('products', 'gerenciarEtiquetas', 'Etiquetas'),
  s('products', 'produtoGeral', 'Produtos'),
  s('products', 'produtoGeralEmpresa', 'Produtos da empresa'),
  s('products', 'produtoPromocao', 'Promoções'),
  s('products', 'produtoGeralSetorEmpresa', 'Setores dos produtos'),
  s('products', 'cardapio', 'Cardápios'),
  s('products', 'cardapioBuffet', 'Buffet'),
  s('products', 'produtoCombo', 'Combos'),
  s('products', 'vendaSugestaoProduto', 'Sugestão de venda'),
  s('products', 'criarCardapio', 'Criar cardápio'),
  s('products', 'correcaoProdutos', 'Correção de produtos'),

  s('tax', 'configuracaoImposto', 'Imposto estadual (ICMS)'),
  s('tax', 'configuracaoImpostoFederal', 'Imposto federal (PIS/COFINS)'),
  s('tax', 'configuracaoImpostoIPI', 'IPI', 'configuracaoImposto'),
  s('tax', 'tabelaVenda', 'Tabelas de venda'),
  s('tax', 'tabelaPrecoTransferenciasLojas', 'Preços de transferência entre lojas'),
  { area: 'tax', name: 'olhoNoImposto', label: 'De Olho no Imposto (IBPT)', extra: true },

  s('fiscal', 'entradaNotaFiscal', 'Entrada de nota fiscal'),
  s('fiscal', 'emissaoNotaFiscal', 'Emissão de nota fiscal'),
  s('fiscal', 'exportarDados', 'Exportar dados'),
  s('fiscal', 'baixarNotas', 'Baixar notas (DF-e)'),

  s('stock', 'estoqueCadastro', 'Locais de estoque'),
  s('stock', 'estoqueSetorCadastro', 'Setores de estoque'),
  s('stock', 'estoqueInventario', 'Inventário'),
  s('stock', 'estoqueSaidaManual', 'Saída manual'),
  s('stock', 'estoqueTransferenciaLojas', 'Transferência entre lojas'),
  s('stock', 'estoqueTransferenciaLocal', 'Transferência entre locais'),
  s('stock', 'estoquePedidoCompra', 'Pedidos de compra'),
  s('stock', 'estoqueSugestaoPedido', 'Sugestão de pedido'),
  s('stock', 'estoqueProdutoFornecedor', 'Produtos por fornecedor'),
  s('stock', 'estoqueProdutoFatorConversao', 'Fatores de conversão'),
  s('stock', 'estoqueGerarListaReposicao', 'Lista de reposição'),
  s('stock', 'estoquePedidoTransferencia', 'Pedidos de transferência', 'estoquePedidoTransferencia'),
  s('stock', 'solicitacaoPedidoTransferencia', 'Solicitação de transferência', 'estoquePedidoTransferencia'),
  s('stock', 'estoqueProducaoProdutos', 'Produção'),
  s('stock', 'estoqueFichaTecnica', 'Fichas técnicas'),
  s('stock', 'listaProdutosVendidos', 'Produtos vendidos'),
  s('stock', 'conciliacaoCaixa', 'Conciliação de caixa'),

  s('finance', 'financeiroResumo', 'Resumo financeiro'),
  s('finance', 'financeiroConciliacaoBancaria', 'Conciliação bancária'),
  s('finance', 'calendarioRecebimento', 'Calendário de recebimentos', 'calendario'),
  s('finance', 'calendarioPagamento', 'Calendário de pagamentos', 'calendario'),
  s('finance', 'financeiroAgenda', 'Contas a pagar e receber'),
  s('finance', 'financeiroConta', 'Contas financeiras'),
  s('finance', 'financeiroPlanoConta', 'Plano de contas'),
  s('finance', 'financeiroMovimentacao', 'Movimentações'),
  s('finance', 'relatorioFinanceiroPlanoDeContas', 'DRE por plano de contas'),
  s('finance', 'relatorioFinanceiroPlanoDeContasTeste', 'DRE por plano de contas (nova versão)'),
  s('finance', 'relatorioFinanceiroAgenda', 'Relatório da agenda financeira'),

  s('reports', 'relatorioQrCode', 'Relatório de QR Code'),
  s('reports', 'relatorioVenda', 'Relatório de vendas'),
  s('reports', 'relatorioVendaFranquia', 'Vendas por franquia'),
  s('reports', 'relatorioVendaProdutos', 'Vendas por produto'),
  s('reports', 'relatorioVendaInsumos', 'Consumo de insumos'),
  s('reports', 'relatorioVendaCancelamentos', 'Cancelamentos'),
  s('reports', 'relatorioVendaDescontos', 'Descontos'),
  s('reports', 'relatorioVendaTransferencias', 'Transferências de venda'),
  s('reports', 'relatorioVendasResumoFiscal', 'Resumo fiscal de vendas'),
  s('reports', 'relatorioEstoqueInventario', 'Relatório de inventário'),
  s('reports', 'relatorioEstoqueSaidaManual', 'Relatório de saídas manuais'),
  s('reports', 'relatorioEstoqueCompras', 'Relatório de compras'),
  s('reports', 'relatorioDFE', 'Relatório de DF-e'),
  s('reports', 'relatorioEstoqueProduto', 'Estoque por produto'),
  s('reports', 'relatorioEstoqueFluxo', 'Fluxo de estoque'),
  s('reports', 'relatorioMovimentacaoProdutos', 'Movimentação de produtos'),
  s('reports', 'relatorioEstoqueTransferencia', 'Relatório de transferências'),
  s('reports', 'relatoriosDoSistema', 'Relatórios do sistema'),
  s('reports', 'relatoriosCriados', 'Relatórios criados'),

  s('integrations', 'appSistema', 'Aplicativos do sistema'),
  s('integrations', 'appTerceiros', 'Aplicativos de terceiros'),
  s('integrations', 'appTerceirosCadastro', 'Cadastro de aplicativos de terceiros'),
  s('integrations', 'appIntegracaoDelivery', 'Integração com delivery'),
  s('integrations', 'qrCode', 'QR Code (app do garçom)'),
  s('integrations', 'whatsAppPage', 'WhatsApp'),
  s('integrations', 'mensagemAutomatica', 'Mensagens automáticas'),
  s('integrations', 'recuperadorDeVenda', 'Recuperador de vendas'),
  s('integrations', 'provedorOTP', 'Provedor de OTP'),

  s('dashboards', 'dashboardDefault', 'Painel de vendas'),
  s('dashboards', 'dashboardDefault2', 'Painel do grupo'),
];

const byName = new Map(screens.map((screen) => [screen.name, screen]));

export function findScreen(name: string): Screen | undefined {
  return byName.get(name);
}

/** The page component key that renders a screen (shared pages collapse to one key). */
export function pageOf(screen: Screen): string {
  return screen.pagina ?? screen.name;
}
