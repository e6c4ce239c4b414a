import type { MantineColor } from '@mantine/core';
import { qtd, somarDias, statusProducao, textoQtd, type DetalheProducao, type FiltroProducao, type StatusProducao } from '@retaguarda/domain';
import { lerDiaBr } from '../../sales/dashboard/CampoDia.tsx';
import { formatData } from '../../resources/format.ts';
import { lerQuantidade } from '../formatoEstoque.ts';

/**
 * The logic of the production screen (estoqueProducaoProdutos), apart from React: the list's filters
 * kept in the URL, the new order's form checked before the server, the server's field errors put
 * back on their fields, what an order allows now, and the actual consumption typed in a posting.
 * Quantities stay decimal text compared as scaled BigInt, never floats.
 */

export const corStatus: Record<StatusProducao, MantineColor> = { planejada: 'gray', iniciada: 'blue', finalizada: 'green', cancelada: 'red' };

/** The list's filters: statuses (none: every one), the planned dates' period, one product. */
export interface FiltroLista {
  status: StatusProducao[];
  de: string;
  ate: string;
  produto: string | null;
}

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of the URL (?status=…&status=…&de=&ate=&produto=); by default 30 days back to 30 days ahead of today. */
export function filtroDaUrl(params: URLSearchParams, hoje: string): FiltroLista {
  const de = params.get('de');
  const ate = params.get('ate');
  return {
    status: params.getAll('status').filter((s): s is StatusProducao => (statusProducao as readonly string[]).includes(s)),
    de: de && DATA.test(de) ? de : somarDias(hoje, -30),
    ate: ate && DATA.test(ate) ? ate : somarDias(hoje, 30),
    produto: params.get('produto') || null,
  };
}

/** What the list asks the server. */
export function corpoDoFiltro(f: FiltroLista): FiltroProducao {
  return { ...(f.status.length ? { status: f.status } : {}), de: f.de, ate: f.ate, ...(f.produto ? { produto: f.produto } : {}), limite: 1000 };
}

/** How much of the plan was produced, 0–100 (more than planned shows full). */
export function progresso(produzida: string, planejada: string): number {
  const p = qtd(planejada);
  if (p <= 0n) return 0;
  const feito = qtd(produzida) * 100n / p;
  return Number(feito > 100n ? 100n : feito < 0n ? 0n : feito);
}

/** What is left to produce (never below zero), as decimal text. */
export function restante(o: Pick<DetalheProducao, 'quantidadePlanejada' | 'quantidadeProduzida'>): string {
  const r = qtd(o.quantidadePlanejada) - qtd(o.quantidadeProduzida);
  return textoQtd(r > 0n ? r : 0n);
}

/** The buttons an order shows to someone who may change orders. */
export function acoesDaOrdem(o: Pick<DetalheProducao, 'status' | 'quantidadeProduzida' | 'apontamentos'>) {
  const aberta = o.status === 'planejada' || o.status === 'iniciada';
  const ativos = o.apontamentos.filter((a) => !a.estornadoEm).length;
  return {
    iniciar: o.status === 'planejada',
    apontar: aberta,
    finalizar: aberta && qtd(o.quantidadeProduzida) > 0n,
    cancelar: aberta && ativos === 0,
  };
}

/** The new order's form as typed. */
export interface FormPedido {
  produto: string | null;
  quantidade: string;
  unidade: string | null;
  localOrigem: string | null;
  localDestino: string | null;
  /** dd/mm/aaaa */
  data: string;
  observacao: string;
  empresaDestino: string | null;
  localEmpresaDestino: string | null;
}

export const formPedidoVazio = (hoje: string): FormPedido => ({
  produto: null,
  quantidade: '',
  unidade: null,
  localOrigem: null,
  localDestino: null,
  data: formatData(hoje),
  observacao: '',
  empresaDestino: null,
  localEmpresaDestino: null,
});

/** The order the server reads. */
export interface PedidoProducao {
  produto: string;
  quantidade: string;
  unidade: string | null;
  localOrigem: string;
  localDestino: string;
  dataPlanejada: string;
  observacao: string | null;
  empresaDestino: string | null;
  localEmpresaDestino: string | null;
}

/** The order, or the fields to fix first (as i18n keys of estoqueProducao.*); the server checks everything again. */
export function montarPedido(f: FormPedido): { pedido: PedidoProducao } | { erros: Record<string, string> } {
  const erros: Record<string, string> = {};
  const quantidade = lerQuantidade(f.quantidade);
  const dataPlanejada = lerDiaBr(f.data);
  if (!f.produto) erros.produto = 'estoqueProducao.escolhaProduto';
  if (quantidade === null) erros.quantidade = 'estoqueProducao.quantidadeInvalida';
  if (!f.localOrigem) erros.localOrigem = 'estoqueProducao.escolhaLocal';
  if (!f.localDestino) erros.localDestino = 'estoqueProducao.escolhaLocal';
  if (!dataPlanejada) erros.dataPlanejada = 'estoqueProducao.dataInvalida';
  if (Object.keys(erros).length) return { erros };
  return {
    pedido: {
      produto: f.produto!,
      quantidade: quantidade!,
      unidade: f.unidade,
      localOrigem: f.localOrigem!,
      localDestino: f.localDestino!,
      dataPlanejada: dataPlanejada!,
      observacao: f.observacao.trim() || null,
      empresaDestino: f.empresaDestino,
      localEmpresaDestino: f.empresaDestino ? f.localEmpresaDestino : null,
    },
  };
}

/** The server's field errors ({'consumos.1.quantidade': …, localOrigem: …}) by field; an ingredient's by its line ('consumos.1'). */
export function errosPorCampo(campos: Record<string, string> | undefined): Record<string, string> {
  const erros: Record<string, string> = {};
  for (const [caminho, mensagem] of Object.entries(campos ?? {})) {
    const consumo = /^consumos\.(\d+)/.exec(caminho);
    erros[consumo ? `consumos.${consumo[1]}` : caminho.split('.')[0]!] ??= mensagem;
  }
  return erros;
}

/** An ingredient's line in a posting: what the recipe asks and what was actually used, as typed. */
export interface LinhaConsumo {
  produto: string;
  receita: string;
  /** As typed ('0,3'); empty: the recipe's quantity. */
  real: string;
}

/** A quantity actually consumed as the server reads it ('0' allowed: not used), or null. */
export function lerConsumo(texto: string): string | null {
  const t = texto.trim();
  if (/^0+([.,]0*)?$/.test(t)) return '0';
  return lerQuantidade(t);
}

/**
 * The consumption to send: only the lines whose typed quantity differs from the recipe's (the rest
 * follows the recipe on the server), or the lines to fix (by index, as i18n keys).
 */
export function consumosAlterados(linhas: readonly LinhaConsumo[]): { consumos: { produto: string; quantidade: string }[] } | { erros: Record<number, string> } {
  const consumos: { produto: string; quantidade: string }[] = [];
  const erros: Record<number, string> = {};
  linhas.forEach((l, i) => {
    if (!l.real.trim()) return;
    const lido = lerConsumo(l.real);
    if (lido === null) erros[i] = 'estoqueProducao.consumoInvalido';
    else if (qtd(lido) !== qtd(l.receita)) consumos.push({ produto: l.produto, quantidade: lido });
  });
  return Object.keys(erros).length ? { erros } : { consumos };
}
