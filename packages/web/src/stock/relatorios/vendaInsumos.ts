import type { Campo, InventarioDoRelatorio, LinhaVendaInsumo, RelatorioVendaInsumos } from '@retaguarda/domain';
import type { Registro } from '../../resources/exportar.ts';
import { dataHora, formatCusto } from '../formatoEstoque.ts';

/**
 * relatorioVendaInsumos as the table, the chart and the exports read it: quantities as numbers with the
 * unit apart (the screen shows them together), unit costs written in reais, values in centavos.
 */
export const colunasPeriodo = {
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Insumo', tipo: 'texto' },
  agrupadorDescricao: { rotulo: 'Grupo', tipo: 'texto' },
  teorico: { rotulo: 'Consumo teórico', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  custoUnitario: { rotulo: 'Custo médio', tipo: 'texto' },
  valorTeorico: { rotulo: 'Custo teórico', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;

export const colunasInventarios = {
  descricao: { rotulo: 'Insumo', tipo: 'texto' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  inicial: { rotulo: 'Inventário inicial', tipo: 'decimal' },
  entradas: { rotulo: 'Entradas', tipo: 'decimal' },
  outrasSaidas: { rotulo: 'Outras saídas', tipo: 'decimal' },
  final: { rotulo: 'Inventário final', tipo: 'decimal' },
  real: { rotulo: 'Consumo real', tipo: 'decimal' },
  teorico: { rotulo: 'Consumo teórico', tipo: 'decimal' },
  diferenca: { rotulo: 'Diferença', tipo: 'decimal' },
  custoUnitario: { rotulo: 'Custo médio', tipo: 'texto' },
  valorReal: { rotulo: 'CMV real', tipo: 'dinheiro' },
  valorTeorico: { rotulo: 'CMV teórico', tipo: 'dinheiro' },
  valorDiferenca: { rotulo: 'Diferença de CMV', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;

export const colunasSemFicha = {
  descricao: { rotulo: 'Produto vendido', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
} as const satisfies Record<string, Campo>;

/** The rows (each ingredient, its unit cost in reais) and the totals row of the report, in the server's order (by value). */
export function registrosVendaInsumos(r: RelatorioVendaInsumos, rotuloTotal: string): { registros: Registro[]; totais: Registro } {
  const registros = r.linhas.map((l) => ({ ...l, _id: l.produto, codigo: l.codigo ?? '', agrupadorDescricao: l.agrupadorDescricao ?? '', custoUnitario: l.custoUnitario === null ? '' : formatCusto(l.custoUnitario) }) as unknown as Registro);
  const totais: Registro = { _id: 'total', descricao: rotuloTotal, valorTeorico: r.totais.valorTeorico, ...(r.modo === 'inventarios' ? { valorReal: r.totais.valorReal ?? 0, valorDiferenca: r.totais.valorDiferenca ?? 0 } : {}) };
  return { registros, totais };
}

/**
 * The chart: over a period, the ingredients that cost the most by recipe; between counts, those where
 * more went than the recipes explain (positive variance), largest first, at most `quantas`.
 */
export function barrasVendaInsumos(r: RelatorioVendaInsumos, quantas = 15): { rotulo: string; valor: number }[] {
  const valor = (l: LinhaVendaInsumo) => (r.modo === 'inventarios' ? (l.valorDiferenca ?? 0) : l.valorTeorico);
  return r.linhas
    .filter((l) => valor(l) > 0)
    .sort((a, b) => valor(b) - valor(a))
    .slice(0, quantas)
    .map((l) => ({ rotulo: l.descricao, valor: valor(l) }));
}

/** A count as the filter offers it: 'nº 3 · Fechamento · 21/11/2026 14:00'. */
export const rotuloInventario = (i: InventarioDoRelatorio) => `nº ${i.numero} · ${i.descricao} · ${dataHora(i.congeladoEm)}`;

/** Whole centavos with their sign, as reais: -1002 → '-R$ 10,02'; 0 → 'R$ 0,00'. */
export function variacaoEmReais(centavos: number, formatar: (c: number) => string): string {
  if (centavos > 0) return `+${formatar(centavos)}`;
  return formatar(centavos);
}
