import type { MantineColor } from '@mantine/core';
import { custo, qtd, somarDias, statusPedidoCompra, textoQtd, valorEmCentavos, type StatusPedidoCompra } from '@retaguarda/domain';
import { lerDiaBr } from '../../sales/dashboard/CampoDia.tsx';
import { formatData } from '../../resources/format.ts';
import { lerQuantidade } from '../formatoEstoque.ts';
import type { DetalhePedido, FiltroEnviado, PedidoEnviado, PedidoListado } from './pedidoCompraApi.ts';

/**
 * The logic of the purchase order screen (estoquePedidoCompra) apart from React: the list's filters in
 * the URL and its totals, the order's form read before the server, a price typed in reais as centavos
 * text, what is still due per line and what an order allows now. Decimal text and BigInt, never floats.
 */

export const corStatusPedido: Record<StatusPedidoCompra, MantineColor> = { rascunho: 'gray', aguardandoAprovacao: 'orange', enviado: 'blue', recebidoParcialmente: 'yellow', recebido: 'green', encerrado: 'teal', cancelado: 'red' };

export interface FiltroPedidos {
  status: StatusPedidoCompra | null;
  fornecedor: string | null;
  de: string;
  ate: string;
}

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/** ?status=&fornecedor=&de=&ate=; by default the last 60 days up to today. */
export function filtroDaUrl(params: URLSearchParams, hoje: string): FiltroPedidos {
  const status = params.get('status');
  const de = params.get('de');
  const ate = params.get('ate');
  return {
    status: status && (statusPedidoCompra as readonly string[]).includes(status) ? (status as StatusPedidoCompra) : null,
    fornecedor: params.get('fornecedor') || null,
    de: de && DATA.test(de) ? de : somarDias(hoje, -60),
    ate: ate && DATA.test(ate) ? ate : hoje,
  };
}

export const corpoDoFiltro = (f: FiltroPedidos): FiltroEnviado => ({ ...(f.status ? { status: f.status } : {}), ...(f.fornecedor ? { fornecedor: f.fornecedor } : {}), de: f.de, ate: f.ate, limite: 1000 });

/** The list's totals: orders, ordered value and value received (cancelled orders count apart). */
export function totaisDaLista(pedidos: readonly PedidoListado[]) {
  const ativos = pedidos.filter((p) => p.status !== 'cancelado');
  return {
    pedidos: pedidos.length,
    valor: ativos.reduce((s, p) => s + p.valor, 0),
    recebido: ativos.reduce((s, p) => s + p.valorRecebido, 0),
    // Still due: what sent orders await (a price divergence may make a line's receipt exceed it: never below zero).
    aReceber: ativos.filter((p) => p.status === 'enviado' || p.status === 'recebidoParcialmente').reduce((s, p) => s + Math.max(0, p.valor - p.valorRecebido), 0),
    cancelados: pedidos.length - ativos.length,
  };
}

/**
 * A price typed in reais ('27,90', 'R$ 1.234,5', '3,123456') as the centavos text the server reads
 * ('2790', '123450', '312.3456'), or null; up to 6 places of a real (4 of a centavo); zero is allowed.
 */
export function lerPreco(texto: string): string | null {
  const limpo = texto.replace(/R\$/i, '').trim();
  if (!limpo) return null;
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  const m = /^(\d+)(?:\.(\d{0,6}))?$/.exec(normal);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(6, '0');
  const inteiro = BigInt(m[1]!) * 100n + BigInt(frac.slice(0, 2));
  const resto = frac.slice(2).replace(/0+$/, '');
  return resto ? `${inteiro}.${resto}` : `${inteiro}`;
}

/** Centavos text ('2790', '312.3456') as typed reais ('27,90', '3,123456'). */
export function precoDigitado(centavos: string): string {
  const e = custo(centavos); // centavos × 10⁴
  const inteiro = e / 1_000_000n;
  const frac = (e % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${inteiro},${frac}`;
}

/** A line of the form as typed. */
export interface LinhaForm {
  produto: string | null;
  unidade: string;
  fator: string;
  quantidade: string;
  preco: string;
}

export const linhaVazia = (): LinhaForm => ({ produto: null, unidade: '', fator: '', quantidade: '', preco: '' });

export interface FormPedido {
  fornecedor: string | null;
  /** dd/mm/aaaa, or empty. */
  previsao: string;
  observacao: string;
  linhas: LinhaForm[];
}

export const formVazio = (): FormPedido => ({ fornecedor: null, previsao: '', observacao: '', linhas: [linhaVazia()] });

/** An order's form from the order (to edit a draft). */
export function formDoPedido(p: DetalhePedido): FormPedido {
  return {
    fornecedor: p.fornecedor,
    previsao: p.previsaoEntrega ? formatData(p.previsaoEntrega) : '',
    observacao: p.observacao ?? '',
    linhas: p.itens.map((i) => ({ produto: i.produto, unidade: i.unidade ?? '', fator: i.fator.replace(/\.?0+$/, '').replace('.', ','), quantidade: i.quantidade.replace(/\.?0+$/, '').replace('.', ','), preco: precoDigitado(i.precoUnitario) })),
  };
}

/** A line's total in centavos as typed, or null while it cannot be read (quantity × price, rounded as the server does). */
export function totalDaLinha(l: LinhaForm): number | null {
  const q = lerQuantidade(l.quantidade);
  const p = lerPreco(l.preco);
  return q && p !== null ? valorEmCentavos(qtd(q), custo(p)) : null;
}

/** The fator typed, read as decimal text (6 places), or null. */
function lerFator(texto: string): string | null {
  const limpo = texto.trim();
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  return /^\d+(\.\d{1,6})?$/.test(normal) && !/^0+(\.0*)?$/.test(normal) ? normal : null;
}

/** The order the server reads, or the fields to fix (i18n keys of pedidoCompra.*; a line's as 'itens.N.campo'). */
export function montarPedido(f: FormPedido): { pedido: PedidoEnviado } | { erros: Record<string, string> } {
  const erros: Record<string, string> = {};
  if (!f.fornecedor) erros.fornecedor = 'pedidoCompra.escolhaFornecedor';
  const previsao = f.previsao.trim() ? lerDiaBr(f.previsao) : null;
  if (f.previsao.trim() && !previsao) erros.previsaoEntrega = 'pedidoCompra.dataInvalida';
  const usadas = f.linhas.filter((l) => l.produto || l.quantidade.trim() || l.preco.trim());
  if (usadas.length === 0) erros.itens = 'pedidoCompra.semItens';
  const itens = usadas.map((l, n) => {
    const quantidade = lerQuantidade(l.quantidade);
    const preco = lerPreco(l.preco);
    const fator = l.fator.trim() ? lerFator(l.fator) : null;
    if (!l.produto) erros[`itens.${n}.produto`] = 'pedidoCompra.escolhaProduto';
    if (!quantidade) erros[`itens.${n}.quantidade`] = 'pedidoCompra.quantidadeInvalida';
    if (preco === null) erros[`itens.${n}.precoUnitario`] = 'pedidoCompra.precoInvalido';
    if (l.fator.trim() && !fator) erros[`itens.${n}.fator`] = 'pedidoCompra.fatorInvalido';
    return { produto: l.produto ?? '', unidade: l.unidade.trim() || null, fator, quantidade: quantidade ?? '', precoUnitario: preco ?? '' };
  });
  if (Object.keys(erros).length) return { erros };
  return { pedido: { fornecedor: f.fornecedor!, previsaoEntrega: previsao, observacao: f.observacao.trim() || null, itens } };
}

/** What is still due of a line (never below zero), as decimal text in the supplier's unit. */
export function aReceber(l: { quantidade: string; quantidadeRecebida: string }): string {
  const r = qtd(l.quantidade) - qtd(l.quantidadeRecebida);
  return textoQtd(r > 0n ? r : 0n);
}

/** The buttons an order shows to someone who may change orders (approving asks the 'aprovar' permission apart). */
export function acoesDoPedido(p: Pick<DetalhePedido, 'status'>) {
  return {
    editar: p.status === 'rascunho',
    enviar: p.status === 'rascunho',
    aprovar: p.status === 'aguardandoAprovacao',
    receber: p.status === 'enviado' || p.status === 'recebidoParcialmente',
    encerrar: p.status === 'recebidoParcialmente',
    email: p.status === 'enviado' || p.status === 'recebidoParcialmente',
    cancelar: p.status === 'rascunho' || p.status === 'aguardandoAprovacao' || p.status === 'enviado',
  };
}

/** Whether sending this draft will wait for approval (the company's limit, in centavos). */
export const precisaAprovacao = (p: Pick<DetalhePedido, 'valor' | 'limiteAprovacao'>) => p.limiteAprovacao !== null && p.valor > p.limiteAprovacao;

/** What a line still awaits: nothing once the order was closed short or cancelled. */
export function faltaDaLinha(p: Pick<DetalhePedido, 'status'>, l: { quantidade: string; quantidadeRecebida: string }): string {
  return p.status === 'encerrado' || p.status === 'cancelado' ? '0.0000' : aReceber(l);
}

/**
 * The supplier's unit and factor for lines whose product was chosen before the supplier's mappings arrived
 * (a fast hand, a slow network): only lines whose unit and factor are still blank, so nothing typed is overwritten.
 * The same array when nothing changes.
 */
export function completarComMapeamentos(linhas: LinhaForm[], mapeamentos: ReadonlyMap<string, { unidade: string; fator: string }>): LinhaForm[] {
  let mudou = false;
  const novas = linhas.map((l) => {
    const m = l.produto && !l.unidade && !l.fator ? mapeamentos.get(l.produto) : undefined;
    if (!m) return l;
    mudou = true;
    return { ...l, unidade: m.unidade, fator: m.fator };
  });
  return mudou ? novas : linhas;
}
