import { custo, qtd, valorEmCentavos } from '@retaguarda/domain';
import { lerQuantidade } from '../formatoEstoque.ts';
import type { FiltroSugestaoEnviado, LinhaSugestao } from './sugestaoPedidoApi.ts';

/**
 * The logic of the order suggestion screen apart from React: its filters in the URL (?local=
 * &fornecedor=&agrupador=&semanas=&revisao=&todos=1) and the lines to order from the user's edits.
 */

const inteiro = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : null);

export function filtroDaUrl(params: URLSearchParams): FiltroSugestaoEnviado & { todos: boolean } {
  return {
    local: params.get('local'),
    fornecedor: params.get('fornecedor'),
    agrupador: params.get('agrupador'),
    semanas: inteiro(params.get('semanas')),
    revisao: inteiro(params.get('revisao')),
    todos: params.get('todos') === '1',
  };
}

/** Shown by default: what needs buying (those without a supplier too, to be said); ?todos=1 every product. */
export const linhasVisiveis = (linhas: LinhaSugestao[], todos: boolean) => (todos ? linhas : linhas.filter((l) => qtd(l.necessidade) > 0n));

/** The quantity a line will be ordered in (the edit, else the suggestion), or null: not ordered; 'invalida': a typo. */
export function quantidadeDaLinha(l: LinhaSugestao, editada: string | undefined): string | null | 'invalida' {
  if (editada === undefined) return qtd(l.sugerido) > 0n ? l.sugerido : null;
  const texto = editada.trim();
  if (texto === '' || /^0+([.,]0*)?$/.test(texto)) return null;
  return lerQuantidade(texto) ?? 'invalida';
}

/** The lines to turn into orders and the products whose quantity is not a number. */
export function itensParaGerar(linhas: LinhaSugestao[], editadas: Record<string, string>) {
  const itens: { produto: string; fornecedor: string; quantidade: string }[] = [];
  const invalidas: string[] = [];
  for (const l of linhas) {
    if (!l.fornecedor) continue;
    const q = quantidadeDaLinha(l, editadas[l.produto]);
    if (q === 'invalida') invalidas.push(l.descricao ?? l.produto);
    else if (q) itens.push({ produto: l.produto, fornecedor: l.fornecedor, quantidade: q });
  }
  return { itens, invalidas };
}

/** The estimated value in centavos of what will be ordered, and the number of suppliers (orders). */
export function totaisDaSugestao(linhas: LinhaSugestao[], editadas: Record<string, string>) {
  const { itens } = itensParaGerar(linhas, editadas);
  const preco = new Map(linhas.map((l) => [l.produto, l.precoUnitario]));
  return {
    itens: itens.length,
    pedidos: new Set(itens.map((i) => i.fornecedor)).size,
    valor: itens.reduce((s, i) => s + valorEmCentavos(qtd(i.quantidade), custo(preco.get(i.produto) ?? '0')), 0),
    semFornecedor: linhas.filter((l) => !l.fornecedor && qtd(l.necessidade) > 0n).length,
  };
}
