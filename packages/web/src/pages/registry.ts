import { pageOf, screens, type Screen } from '@retaguarda/domain';
import type { ComponentType } from 'react';

/** A page module loaded on demand (one chunk per page: route-level code splitting). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * The one registry of screen pages, keyed by pageOf(screen), so screens sharing a page
 * (calendarioRecebimento/calendarioPagamento, …) are one entry. An area adds its pages here:
 *   produtoGeral: () => import('../products/ProdutoGeralPage.tsx'),
 * A screen without an entry renders the generic resource screen when the domain declares a resource
 * for it (recursoDaTela), and the "em construção" page otherwise.
 */
export const pages: Readonly<Record<string, PageLoader>> = {
  calendario: () => import('../finance/calendario/CalendarioPage.tsx'),
  configuracaoImposto: () => import('../tax/ConfiguracaoImpostoPage.tsx'),
  dashboardDefault: () => import('../sales/dashboard/DashboardPage.tsx'),
  dashboardDefault2: () => import('../sales/dashboard/DashboardGrupoPage.tsx'),
  appSistema: () => import('../integrations/AppSistemaPage.tsx'),
  appTerceirosCadastro: () => import('../integrations/AppTerceirosCadastroPage.tsx'),
  qrCode: () => import('../integrations/qrCode/QrCodePage.tsx'),
  provedorOTP: () => import('../integrations/otp/ProvedorOtpPage.tsx'),
  appIntegracaoDelivery: () => import('../integrations/delivery/AppIntegracaoDeliveryPage.tsx'),
  whatsAppPage: () => import('../integrations/whatsapp/WhatsAppPage.tsx'),
  mensagemAutomatica: () => import('../integrations/whatsapp/MensagemAutomaticaPage.tsx'),
  recuperadorDeVenda: () => import('../integrations/whatsapp/RecuperadorDeVendaPage.tsx'),
  empresa: () => import('../registration/EmpresaPage.tsx'),
  empresaSimplificado: () => import('../registration/EmpresaSimplificadoPage.tsx'),
  olhoNoImposto: () => import('../tax/OlhoNoImpostoPage.tsx'),
  relatorioVenda: () => import('../sales/relatorios/RelatorioVendaPage.tsx'),
  relatorioVendaProdutos: () => import('../sales/relatorios/RelatorioVendaProdutosPage.tsx'),
  relatorioVendaFranquia: () => import('../sales/relatorios/RelatorioVendaFranquiaPage.tsx'),
  relatorioVendaCancelamentos: () => import('../sales/relatorios/RelatorioCancelamentosPage.tsx'),
  relatorioVendaDescontos: () => import('../sales/relatorios/RelatorioDescontosPage.tsx'),
  relatorioVendasResumoFiscal: () => import('../sales/relatorios/RelatorioResumoFiscalPage.tsx'),
  relatorioVendaTransferencias: () => import('../sales/relatorios/RelatorioTransferenciasPage.tsx'),
  relatoriosDoSistema: () => import('../sales/relatorios/RelatoriosDoSistemaPage.tsx'),
  relatoriosCriados: () => import('../sales/relatoriosCriados/RelatoriosCriadosPage.tsx'),
  relatorioQrCode: () => import('../sales/relatorios/RelatorioQrCodePage.tsx'),
  listaProdutosVendidos: () => import('../sales/relatorios/ListaProdutosVendidosPage.tsx'),
  criarCardapio: () => import('../products/cardapio/CriarCardapioPage.tsx'),
  correcaoProdutos: () => import('../products/correcao/CorrecaoProdutosPage.tsx'),
  produtoGeralSetorEmpresa: () => import('../products/setores/SetoresProdutosPage.tsx'),
  conversaoTotem: () => import('../products/totem/ConversaoTotemPage.tsx'),
  cardapioBuffet: () => import('../products/buffet/CardapioBuffetPage.tsx'),
  gerenciarEtiquetas: () => import('../products/etiquetas/GerenciarEtiquetasPage.tsx'),
  produtoPromocao: () => import('../products/ProdutoPromocaoPage.tsx'),
  produtoGeral: () => import('../products/ProdutoGeralPage.tsx'),
  voucherECupomDesconto: () => import('../registration/VoucherECupomDescontoPage.tsx'),
  usuarios: () => import('../registration/UsuariosPage.tsx'),
  estoqueFichaTecnica: () => import('../stock/FichaTecnicaPage.tsx'),
  estoqueInventario: () => import('../stock/EstoqueInventarioPage.tsx'),
  estoqueSaidaManual: () => import('../stock/EstoqueSaidaManualPage.tsx'),
  estoqueTransferenciaLocal: () => import('../stock/EstoqueTransferenciaLocalPage.tsx'),
  estoqueProducaoProdutos: () => import('../stock/producao/EstoqueProducaoPage.tsx'),
  estoquePedidoCompra: () => import('../stock/pedidoCompra/EstoquePedidoCompraPage.tsx'),
  estoqueSugestaoPedido: () => import('../stock/sugestaoPedido/EstoqueSugestaoPedidoPage.tsx'),
  estoqueTransferenciaLojas: () => import('../stock/transferencias/EstoqueTransferenciaLojasPage.tsx'),
  estoquePedidoTransferencia: () => import('../stock/transferencias/PedidoTransferenciaPage.tsx'),
  estoqueGerarListaReposicao: () => import('../stock/transferencias/ListaReposicaoPage.tsx'),
  relatorioEstoqueTransferencia: () => import('../stock/relatorios/RelatorioEstoqueTransferenciaPage.tsx'),
  relatorioEstoqueCompras: () => import('../stock/relatorios/RelatorioEstoqueComprasPage.tsx'),
  relatorioEstoqueProduto: () => import('../stock/RelatorioEstoqueProdutoPage.tsx'),
  relatorioEstoqueFluxo: () => import('../stock/RelatorioEstoqueFluxoPage.tsx'),
  relatorioVendaInsumos: () => import('../stock/relatorios/RelatorioVendaInsumosPage.tsx'),
  relatorioMovimentacaoProdutos: () => import('../stock/relatorios/RelatorioMovimentacaoProdutosPage.tsx'),
  relatorioEstoqueSaidaManual: () => import('../stock/relatorios/RelatorioEstoqueSaidaManualPage.tsx'),
  relatorioEstoqueInventario: () => import('../stock/relatorios/RelatorioEstoqueInventarioPage.tsx'),
  financeiroMovimentacao: () => import('../finance/movimentacao/FinanceiroMovimentacaoPage.tsx'),
  relatorioFinanceiroPlanoDeContas: () => import('../finance/dre/RelatorioDrePage.tsx'),
  relatorioFinanceiroPlanoDeContasTeste: () => import('../finance/dre/RelatorioDreTestePage.tsx'),
  financeiroPlanoConta: () => import('../finance/planoConta/FinanceiroPlanoContaPage.tsx'),
  financeiroConciliacaoBancaria: () => import('../finance/conciliacao/ConciliacaoBancariaPage.tsx'),
  financeiroAgenda: () => import('../finance/agenda/FinanceiroAgendaPage.tsx'),
  financeiroResumo: () => import('../finance/resumo/FinanceiroResumoPage.tsx'),
  relatorioFinanceiroAgenda: () => import('../finance/relatorios/RelatorioFinanceiroAgendaPage.tsx'),
  relatorioFinanceiroTaxasCartao: () => import('../finance/relatorios/RelatorioTaxasCartaoPage.tsx'),
  relatorioKdsTempoPreparo: () => import('../kds/RelatorioTempoPreparoPage.tsx'),
  conciliacaoCaixa: () => import('../finance/caixa/ConciliacaoCaixaPage.tsx'),
  entradaNotaFiscal: () => import('../fiscal/entradaNotaFiscal/EntradaNotaFiscalPage.tsx'),
  emissaoNotaFiscal: () => import('../fiscal/emissao/EmissaoNotaFiscalPage.tsx'),
  baixarNotas: () => import('../fiscal/dfe/BaixarNotasPage.tsx'),
  relatorioDFE: () => import('../fiscal/dfe/RelatorioDfePage.tsx'),
  exportarDados: () => import('../fiscal/exportarDados/ExportarDadosPage.tsx'),
};

/** The generic list + form screen of a plain resource, driven by its declaration in the domain. */
export const resourceScreenLoader: PageLoader = () => import('../resources/ResourceScreen.tsx');

/**
 * The screens that list a declared resource (the domain's recursoDaTela), computed from the catalogue
 * at build time (build/telasDeRecurso.ts): the menu needs their names, not the catalogue's schemas.
 */
const telasDeRecurso: ReadonlySet<string> = new Set(__TELAS_DE_RECURSO__);

/** A registered page first; otherwise a screen that lists a declared resource gets the generic one. */
export function pageLoaderFor(screen: Screen): PageLoader | undefined {
  return pages[pageOf(screen)] ?? (telasDeRecurso.has(screen.name) ? resourceScreenLoader : undefined);
}

/** The screens whose page exists. */
export function builtScreens(): Screen[] {
  return screens.filter((screen) => pageLoaderFor(screen) !== undefined);
}
