import type { NomeRecurso } from '@retaguarda/domain';
import { agrupador } from './agrupador.ts';
import { appIntegracaoDelivery } from './appIntegracaoDelivery.ts';
import { cardapio } from './cardapio.ts';
import { conversaoTotem } from './conversaoTotem.ts';
import { configuracaoImposto } from './configuracaoImposto.ts';
import { pessoa } from './pessoa.ts';
import { pessoaConvenio } from './pessoaConvenio.ts';
import { produtoCombo } from './produtoCombo.ts';
import { produtoGeral } from './produtoGeral.ts';
import { produtoGeralEmpresa } from './produtoGeralEmpresa.ts';
import { programaFidelidade } from './programaFidelidade.ts';
import { programaFidelidadeCashBack } from './programaFidelidadeCashBack.ts';
import { relatorioCriado } from './relatorioCriado.ts';
import { relatorioFavorito } from './relatorioFavorito.ts';
import { voucherECupomDesconto } from './voucherECupomDesconto.ts';
import { empresa } from './empresa.ts';
import { estoqueFichaTecnica } from './estoqueFichaTecnica.ts';
import { estoqueProdutoFornecedor } from './estoqueProdutoFornecedor.ts';
import { financeiroConta } from './financeiroConta.ts';
import { financeiroPlanoConta } from './financeiroPlanoConta.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';
import { periodo } from './periodo.ts';
import { usuarioHooks } from './usuario.ts';
import type { ResourceHooks } from './types.ts';

export type { HookContext, ResourceHooks } from './types.ts';

/** Entity rules, one file per resource in this folder, one line here. */
export const hooks: Partial<Record<NomeRecurso, ResourceHooks>> = {
  agrupador,
  appIntegracaoDelivery,
  configuracaoImposto,
  pessoa,
  pessoaConvenio,
  produtoCombo,
  produtoGeral,
  produtoGeralEmpresa,
  programaFidelidade,
  programaFidelidadeCashBack,
  relatorioCriado,
  relatorioFavorito,
  voucherECupomDesconto,
  empresa,
  estoqueFichaTecnica,
  estoqueProdutoFornecedor,
  financeiroConta,
  financeiroPlanoConta,
  grupoEmpresarial,
  periodo,
  usuario: usuarioHooks,
  cardapio,
  conversaoTotem,
};

export const hooksDe = (nome: string): ResourceHooks => (hooks as Record<string, ResourceHooks>)[nome] ?? {};
