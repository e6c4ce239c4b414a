import { mensagens, TAX_INFO_LIMIT, TIPO_GORJETA, TIPO_TAXA_ENTREGA } from '@retaguarda/domain';
import { chamar, ErroConfiguracao } from './chamada.ts';
import type { ContextoCarga } from './listas.ts';
import type { ConfiguracaoState, Registro } from './store.ts';

/** SPEC.md §8 names this list 'Lista de Produtos' in its messages ("likewise 'Operadoras' and 'Lista de Produtos'"). */
export const LISTA_PRODUTOS = 'Lista de Produtos';
const LISTA_IMPOSTOS = 'Informações de Impostos';

/** The fields of the group product the store terminal uses (sale, receipt, NFC-e, kitchen). */
export const CAMPOS_PRODUTO_GERAL = 'codigo gtin descricao descricaoCupom agrupador unidade tipoProduto ncm cest origem imagens complementos ativo';

/** SPEC.md §7 body of POST getListaProdutoGeralEmpresa (the server takes the tenant from the session). */
export function corpoListaProdutos(ctx: ContextoCarga) {
  return {
    empresa: ctx.empresa?._id,
    grupoEmpresarial: ctx.grupoEmpresarial?._id,
    selectProdutoGeral: CAMPOS_PRODUTO_GERAL,
    populateProdutoGeral: 'unidade',
    populateProdutoGeralEmpresa: 'configuracaoImposto impostoFederal',
    retornoModoVenda: true,
  };
}

/** The company's products, each with its group product (getListaProdutoGeralEmpresa). */
export async function carregarProdutos(ctx: ContextoCarga): Promise<Registro[]> {
  if (!ctx.empresa || !ctx.grupoEmpresarial) throw new ErroConfiguracao(mensagens.falhaEmpresaIndefinida(LISTA_PRODUTOS));
  const produtos = await chamar<Registro[]>('POST', 'getListaProdutoGeralEmpresa', corpoListaProdutos(ctx), {
    lista: LISTA_PRODUTOS,
    semResposta: mensagens.falhaComunicacaoLista(LISTA_PRODUTOS),
    signal: ctx.signal,
    fetch: ctx.fetch,
  });
  return Array.isArray(produtos) ? produtos : [];
}

/** Tax info (SPEC.md §3 reference list): the IBPT rows in force for the company's UF, when it has one. */
export async function carregarInfoImpostos(ctx: ContextoCarga, empresaPadrao: Registro | null): Promise<Registro[]> {
  if (!ctx.empresa) throw new ErroConfiguracao(mensagens.falhaEmpresaIndefinida(LISTA_IMPOSTOS));
  const uf = (empresaPadrao?.endereco as { uf?: unknown } | undefined)?.uf;
  // SPEC.md §7 and §9: olhoNoImposto/getPopulate with the tax-info limit (one UF's IBPT table fits).
  const corpo = { ...(typeof uf === 'string' && uf ? { filtro: { uf } } : {}), limit: TAX_INFO_LIMIT };
  const linhas = await chamar<Registro[]>('POST', 'olhoNoImposto/getPopulate', corpo, { lista: LISTA_IMPOSTOS, signal: ctx.signal, fetch: ctx.fetch });
  return Array.isArray(linhas) ? linhas : [];
}

const tipoDe = (p: Registro) => (p.produtoGeral as { tipoProduto?: unknown } | undefined)?.tipoProduto;
const ativo = (p: Registro) => p.ativo !== false && (p.produtoGeral as { ativo?: unknown } | undefined)?.ativo !== false;
const especial = (tipo: string) => (s: Pick<ConfiguracaoState, 'produtos'>) => s.produtos.find((p) => tipoDe(p) === tipo && ativo(p)) ?? null;

/** SPEC.md §3 special products, found among the products by tipoProduto: the delivery fee and the tip. */
export const produtoTaxaEntrega = especial(TIPO_TAXA_ENTREGA);
export const produtoGorjeta = especial(TIPO_GORJETA);
