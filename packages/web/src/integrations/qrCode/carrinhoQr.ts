import { precificarPedidoQr, type ItemVitrine, type PedidoQr, type PedidoQrPrecificado, type SecaoVitrine } from '@retaguarda/domain';

/** A line of the table's cart: the item, the options picked, how many, the note. */
export interface LinhaCarrinho {
  chave: string;
  produto: string;
  quantidade: number;
  complementos: { grupo: string; descricao: string }[];
  observacao: string;
}

/** Same item, options and note: one line, quantities added. */
const chaveDe = (l: Omit<LinhaCarrinho, 'chave' | 'quantidade'>) => JSON.stringify([l.produto, [...l.complementos].sort((a, b) => (a.grupo + a.descricao).localeCompare(b.grupo + b.descricao)), l.observacao.trim()]);

export function adicionar(linhas: readonly LinhaCarrinho[], nova: Omit<LinhaCarrinho, 'chave'>): LinhaCarrinho[] {
  const chave = chaveDe(nova);
  const existe = linhas.find((l) => l.chave === chave);
  if (existe) return linhas.map((l) => (l.chave === chave ? { ...l, quantidade: l.quantidade + nova.quantidade } : l));
  return [...linhas, { ...nova, observacao: nova.observacao.trim(), chave }];
}

/** Changes a line's quantity by `delta`; at zero the line goes. */
export function mudarQuantidade(linhas: readonly LinhaCarrinho[], chave: string, delta: number): LinhaCarrinho[] {
  return linhas.flatMap((l) => (l.chave !== chave ? [l] : l.quantidade + delta > 0 ? [{ ...l, quantidade: l.quantidade + delta }] : []));
}

/** The body the page sends: ids, quantities, options and notes, never a price. */
export function pedidoDo(id: string, linhas: readonly LinhaCarrinho[]): PedidoQr {
  return { id, itens: linhas.map((l) => ({ produto: l.produto, quantidade: l.quantidade, complementos: l.complementos, observacao: l.observacao || null })) };
}

/** The cart's totals as the server will compute them (the same domain function), or null when empty. */
export function totais(secoes: readonly SecaoVitrine[], linhas: readonly LinhaCarrinho[], taxaServico: string): PedidoQrPrecificado | null {
  if (!linhas.length) return null;
  return precificarPedidoQr(secoes, pedidoDo('previa-local', linhas), taxaServico);
}

/** An item's price with the options picked (the add dialog's button). */
export const precoComOpcoes = (item: ItemVitrine, escolhidas: readonly { grupo: string; descricao: string }[]) =>
  item.preco + escolhidas.reduce((s, e) => s + (item.complementos.find((g) => g.nome === e.grupo)?.opcoes.find((o) => o.descricao === e.descricao)?.precoAdicional ?? 0), 0);

/** The order's id, made when the customer first taps Enviar and kept until it is accepted: a resend records it once. */
export const novoId = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');
