import type { RecursoDef } from './define.ts';
import { relatorioCriado } from './reports/relatorioCriado.ts';
import { relatorioFavorito } from './reports/relatorioFavorito.ts';
import { acessoSistema } from './registration/acessoSistema.ts';
import { agrupador } from './registration/agrupador.ts';
import { balanca } from './registration/balanca.ts';
import { caixa } from './registration/caixa.ts';
import { configuracaoImposto } from './tax/configuracaoImposto.ts';
import { configuracaoImpostoFederal } from './tax/configuracaoImpostoFederal.ts';
import { descontoMotivo } from './registration/descontoMotivo.ts';
import { empresa } from './registration/empresa.ts';
import { empresaNumeroNota } from './registration/empresaNumeroNota.ts';
import { formaPagamento } from './registration/formaPagamento.ts';
import { grupoEmpresarial } from './registration/grupoEmpresarial.ts';
import { impressora } from './registration/impressora.ts';
import { operadora } from './registration/operadora.ts';
import { periodo } from './registration/periodo.ts';
import { periodoPorHora } from './registration/periodoPorHora.ts';
import { pessoa } from './registration/pessoa.ts';
import { pessoaConvenio } from './registration/pessoaConvenio.ts';
import { programaFidelidade } from './registration/programaFidelidade.ts';
import { programaFidelidadeCashBack } from './registration/programaFidelidadeCashBack.ts';
import { programaFidelidadePontos } from './registration/programaFidelidadePontos.ts';
import { setorImpressao, setorImpressaoProducao } from './registration/setorImpressao.ts';
import { smartPos } from './registration/smartPos.ts';
import { terminal } from './registration/terminal.ts';
import { tipoPagamentoBandeira } from './registration/tipoPagamentoBandeira.ts';
import { unidadeMedida } from './registration/unidadeMedida.ts';
import { voucherECupomDesconto } from './registration/voucherECupomDesconto.ts';
import { usuario } from './registration/usuario.ts';
import { produtoGeral } from './products/produtoGeral.ts';
import { cardapio } from './products/cardapio.ts';
import { cardapioBuffet } from './products/cardapioBuffet.ts';
import { conversaoTotem } from './products/conversaoTotem.ts';
import { modeloEtiqueta } from './products/modeloEtiqueta.ts';
import { produtoGeralEmpresa } from './products/produtoGeralEmpresa.ts';
import { produtoCombo } from './products/produtoCombo.ts';
import { produtoPromocao } from './products/produtoPromocao.ts';
import { vendaSugestaoProduto } from './products/vendaSugestaoProduto.ts';
import { tabelaPrecoTransferenciasLojas } from './tax/tabelaPrecoTransferenciasLojas.ts';
import { tabelaVenda } from './tax/tabelaVenda.ts';
import { estoqueCadastro } from './stock/estoqueCadastro.ts';
import { estoqueSetorCadastro } from './stock/estoqueSetorCadastro.ts';
import { estoqueFichaTecnica } from './stock/estoqueFichaTecnica.ts';
import { estoqueProdutoFatorConversao } from './stock/estoqueProdutoFatorConversao.ts';
import { estoqueProdutoFornecedor } from './stock/estoqueProdutoFornecedor.ts';
import { financeiroConta } from './finance/financeiroConta.ts';
import { financeiroPlanoConta } from './finance/financeiroPlanoConta.ts';
import { appIntegracaoDelivery } from './integrations/appIntegracaoDelivery.ts';
import { appSistema } from './integrations/appSistema.ts';
import { provedorOTP } from './integrations/provedorOTP.ts';
import { mensagemAutomatica } from './integrations/mensagemAutomatica.ts';
import { appTerceirosCadastro } from './integrations/appTerceirosCadastro.ts';
import { kdsEstacao } from './kds/kdsEstacao.ts';
import { kdsExpedicao } from './kds/kdsExpedicao.ts';
import { kdsMontagem } from './kds/kdsMontagem.ts';
import { kdsSetor } from './kds/kdsSetor.ts';
import { kdsSetorCadastroGrupo } from './kds/kdsSetorCadastroGrupo.ts';
import { kdsTeclado } from './kds/kdsTeclado.ts';

/** The resource catalogue: adding a plain entity is its declaration file plus one line here. */
export const recursos = {
  acessoSistema,
  agrupador,
  appIntegracaoDelivery,
  appSistema,
  provedorOTP,
  mensagemAutomatica,
  appTerceirosCadastro,
  balanca,
  caixa,
  configuracaoImposto,
  configuracaoImpostoFederal,
  descontoMotivo,
  empresa,
  empresaNumeroNota,
  estoqueCadastro,
  estoqueFichaTecnica,
  estoqueProdutoFatorConversao,
  estoqueProdutoFornecedor,
  estoqueSetorCadastro,
  financeiroConta,
  financeiroPlanoConta,
  formaPagamento,
  grupoEmpresarial,
  impressora,
  kdsEstacao,
  kdsExpedicao,
  kdsMontagem,
  kdsSetor,
  kdsSetorCadastroGrupo,
  kdsTeclado,
  operadora,
  periodo,
  periodoPorHora,
  pessoa,
  pessoaConvenio,
  produtoGeral,
  produtoGeralEmpresa,
  produtoCombo,
  produtoPromocao,
  programaFidelidade,
  programaFidelidadeCashBack,
  programaFidelidadePontos,
  relatorioCriado,
  relatorioFavorito,
  setorImpressao,
  setorImpressaoProducao,
  smartPos,
  tabelaPrecoTransferenciasLojas,
  tabelaVenda,
  terminal,
  tipoPagamentoBandeira,
  unidadeMedida,
  voucherECupomDesconto,
  usuario,
  cardapio,
  cardapioBuffet,
  conversaoTotem,
  modeloEtiqueta,
  vendaSugestaoProduto,
} as const satisfies Record<string, RecursoDef<any>>;

export type NomeRecurso = keyof typeof recursos;

export function findRecurso(nome: string): RecursoDef | undefined {
  return Object.hasOwn(recursos, nome) ? (recursos[nome as NomeRecurso] as unknown as RecursoDef) : undefined;
}

/** The resource a screen lists, if the screen is a plain resource screen. */
export function recursoDaTela(tela: string): RecursoDef | undefined {
  return (Object.values(recursos) as unknown as RecursoDef[]).find((r) => !r.semTela && (r.tela ?? r.nome) === tela);
}
