import { tiposDocumentoEstoque, tiposMovimento, type DetalheInventarioRelatorio, type InventarioRelatorio, type LinhaSaidaManual, type TipoDocumentoEstoque, type TipoMovimento, type TotaisInventario, type TotalMotivoSaida, type TotalProdutoSaida } from '@retaguarda/domain';
import type { Registro } from '../../resources/exportar.ts';
import { pontosBase } from '../../sales/relatorios/exportarRelatorio.ts';
import { dataHora, formatCusto } from '../formatoEstoque.ts';

/**
 * The rows of the stock reports over movements and documents as the tables and the exports read them
 * (dates as the stores read them, unit costs in reais, kinds and documents by name), apart from React.
 * Quantities stay exact decimal text; values integer centavos, summed as integers.
 */

/** A row of POST /api/relatorioMovimentacaoProdutos. */
export interface LinhaMovimentacao {
  _id: string;
  ocorridoEm: string;
  tipo: TipoMovimento;
  documentoTipo: string;
  documentoId: string;
  documentoNumero: number | null;
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  local: string;
  localDescricao: string | null;
  usuario: string | null;
  motivo: string | null;
  quantidade: string;
  custoUnitario: string;
  valor: number;
}

export interface TotalTipoMovimento {
  tipo: TipoMovimento;
  movimentos: number;
  entradas: string;
  saidas: string;
  valor: number;
}

export interface Movimentacao {
  linhas: LinhaMovimentacao[];
  truncado: boolean;
  totais: TotalTipoMovimento[];
}

const nomesDocumento: Record<string, string> = { ...tiposDocumentoEstoque, inventario: 'Inventário', venda: 'Venda', producao: 'Produção' };

/** What a movement's document is called: 'Saída manual nº 3', 'Inventário nº 1', 'Venda'. */
export function nomeDocumento(tipo: string, numero: number | null): string {
  const nome = nomesDocumento[tipo as TipoDocumentoEstoque] ?? tipo;
  return numero === null || numero === undefined ? nome : `${nome} nº ${numero}`;
}

export const nomeTipo = (tipo: string) => tiposMovimento[tipo as TipoMovimento]?.rotulo ?? tipo;

/** A share of a total in percent with 2 places, as exact text ('74.52'), by integer arithmetic (half up). */
export function percentual(parte: number, total: number): string {
  if (total <= 0) return '0.00';
  return pontosBase(Math.floor((parte * 20000 + total) / (2 * total)));
}

export function registrosMovimentacao(linhas: readonly LinhaMovimentacao[]): Registro[] {
  return linhas.map((l) => ({
    _id: l._id,
    quando: dataHora(l.ocorridoEm),
    tipo: nomeTipo(l.tipo),
    documento: nomeDocumento(l.documentoTipo, l.documentoNumero),
    codigo: l.codigo ?? '',
    descricao: l.descricao ?? '',
    localDescricao: l.localDescricao ?? '',
    usuario: l.usuario ?? '',
    quantidade: l.quantidade,
    unidade: l.unidade ?? '',
    custoUnitario: formatCusto(l.custoUnitario),
    valor: l.valor,
  }));
}

/** The totals per kind as rows (in the order of the kinds), and the totals row: the net value. */
export function registrosPorTipo(totais: readonly TotalTipoMovimento[], rotuloTotal: string): { registros: Registro[]; total: Registro } {
  const ordem = Object.keys(tiposMovimento);
  const registros = [...totais]
    .sort((a, b) => ordem.indexOf(a.tipo) - ordem.indexOf(b.tipo))
    .map((t) => ({ _id: t.tipo, tipo: nomeTipo(t.tipo), movimentos: t.movimentos, valor: t.valor }));
  return { registros, total: { _id: 'total', tipo: rotuloTotal, movimentos: totais.reduce((s, t) => s + t.movimentos, 0), valor: totais.reduce((s, t) => s + t.valor, 0) } };
}

/** One bar per kind: the value it moved, without sign (a chart of sizes), largest first. */
export const barrasPorTipo = (totais: readonly TotalTipoMovimento[]) =>
  totais.map((t) => ({ rotulo: nomeTipo(t.tipo), valor: Math.abs(t.valor) })).sort((a, b) => b.valor - a.valor);

/** The manual exits' lines; a reversed document's lines say so in `situacao`. */
export function registrosSaidas(linhas: readonly LinhaSaidaManual[], estornada: string): Registro[] {
  return linhas.map((l) => ({
    _id: l._id,
    quando: dataHora(l.ocorridoEm),
    numero: l.numero,
    motivo: l.motivo,
    localDescricao: l.localDescricao ?? '',
    codigo: l.codigo ?? '',
    descricao: l.descricao ?? '',
    quantidade: l.quantidade,
    unidade: l.unidade ?? '',
    custoUnitario: formatCusto(l.custoUnitario),
    valor: l.valor,
    usuario: l.usuario ?? '',
    situacao: l.estornado ? estornada : '',
  }));
}

export function registrosPorMotivo(porMotivo: readonly TotalMotivoSaida[], total: number): Registro[] {
  return porMotivo.map((m) => ({ _id: m.motivo, motivo: m.motivo, documentos: m.documentos, linhas: m.linhas, valor: m.valor, percentual: percentual(m.valor, total) }));
}

export function registrosPorProduto(porProduto: readonly TotalProdutoSaida[], total: number): Registro[] {
  return porProduto.map((p) => ({ _id: p.produto, codigo: p.codigo ?? '', descricao: p.descricao ?? '', quantidade: p.quantidade, unidade: p.unidade ?? '', linhas: p.linhas, valor: p.valor, percentual: percentual(p.valor, total) }));
}

/** The counts of the list: status by name, counted lines as 'x de y'. */
export function registrosInventarios(inventarios: readonly InventarioRelatorio[], status: (s: string) => string, contadas: (c: number, l: number) => string): Registro[] {
  return inventarios.map((i) => ({
    _id: i._id,
    numero: i.numero,
    descricao: i.descricao,
    congeladoEm: dataHora(i.congeladoEm),
    status: status(i.status),
    locais: i.locais,
    contadas: contadas(i.contadas, i.linhas),
    sobras: i.sobras,
    faltas: i.faltas,
    diferenca: i.diferenca,
    aprovadoEm: dataHora(i.aprovadoEm),
    aprovadoPor: i.aprovadoPor ?? '',
  }));
}

/**
 * One count's lines as rows: each location as a subtotal row (its name with its gains and losses, as
 * `resumo` words them, and its difference as the value) followed by its lines; the count's totals as
 * the totals row.
 */
export function registrosDetalhe(d: DetalheInventarioRelatorio, resumo: (nome: string, t: TotaisInventario) => string, rotuloTotal: string): { registros: Registro[]; total: Registro } {
  const registros: Registro[] = d.locais.flatMap((l) => [
    { _id: `subtotal:${l.local}`, descricao: resumo(l.localDescricao ?? l.local, l), valor: l.diferenca },
    ...l.itens.map((i) => ({
      _id: `${i.local}|${i.produto}`,
      local: i.localDescricao ?? '',
      codigo: i.codigo ?? '',
      descricao: i.descricao ?? '',
      unidade: i.unidade ?? '',
      congelado: i.congelado,
      contado: i.contado ?? '',
      diferenca: i.diferenca ?? '',
      custoMedio: formatCusto(i.custoMedio),
      valor: i.valor ?? '',
    })),
  ]);
  return { registros, total: { _id: 'total', descricao: resumo(rotuloTotal, d.totais), valor: d.totais.diferenca } };
}

/** One bar per location: what it lost (the losses without sign), largest first; locations without losses left out. */
export const faltasPorLocal = (d: DetalheInventarioRelatorio) =>
  d.locais.filter((l) => l.faltas < 0).map((l) => ({ rotulo: l.localDescricao ?? l.local, valor: -l.faltas })).sort((a, b) => b.valor - a.valor);
