import type { LinhaVendaInsumo, RelatorioVendaInsumos } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { formatCentavos } from '../../resources/format.ts';
import { barrasVendaInsumos, registrosVendaInsumos, rotuloInventario, variacaoEmReais } from './vendaInsumos.ts';

const linha = (descricao: string, extra: Partial<LinhaVendaInsumo>): LinhaVendaInsumo => ({
  produto: descricao.toLowerCase(),
  codigo: null,
  descricao,
  unidade: 'KG',
  agrupador: null,
  agrupadorDescricao: null,
  teorico: '1.0000',
  custoUnitario: '3000.0000',
  valorTeorico: 3000,
  inicial: null,
  entradas: null,
  outrasSaidas: null,
  final: null,
  real: null,
  valorReal: null,
  diferenca: null,
  valorDiferenca: null,
  contado: false,
  ...extra,
});

const relatorio = (modo: RelatorioVendaInsumos['modo'], linhas: LinhaVendaInsumo[]): RelatorioVendaInsumos => ({
  modo,
  de: '2026-11-01',
  ate: '2026-11-30',
  inventarios: null,
  vendas: 10,
  linhas,
  semFicha: [],
  totais: { valorTeorico: linhas.reduce((s, l) => s + l.valorTeorico, 0), valorReal: modo === 'inventarios' ? 6196 : null, valorDiferenca: modo === 'inventarios' ? 1002 : null },
});

describe('relatorioVendaInsumos rows', () => {
  it('writes unit costs in reais, empty when several stores have each their own; the totals row sums the values', () => {
    const r = relatorio('periodo', [linha('Carne', { valorTeorico: 1980, teorico: '0.6600' }), linha('Queijo', { custoUnitario: null, valorTeorico: 596, agrupadorDescricao: 'Laticínios' })]);
    const { registros, totais } = registrosVendaInsumos(r, 'Total');
    expect(registros.map((x) => [x._id, x.custoUnitario, x.valorTeorico, x.agrupadorDescricao])).toEqual([
      ['carne', 'R$ 30,00', 1980, ''],
      ['queijo', '', 596, 'Laticínios'],
    ]);
    expect(totais).toEqual({ _id: 'total', descricao: 'Total', valorTeorico: 2576 });
    expect(registrosVendaInsumos(relatorio('inventarios', []), 'Total').totais).toEqual({ _id: 'total', descricao: 'Total', valorTeorico: 0, valorReal: 6196, valorDiferenca: 1002 });
  });

  it('charts the costliest ingredients of a period, and where more went than the recipes explain between counts', () => {
    const periodo = relatorio('periodo', [linha('A', { valorTeorico: 100 }), linha('B', { valorTeorico: 900 }), linha('C', { valorTeorico: 0 })]);
    expect(barrasVendaInsumos(periodo)).toEqual([
      { rotulo: 'B', valor: 900 },
      { rotulo: 'A', valor: 100 },
    ]);
    const contagens = relatorio('inventarios', [linha('Carne', { valorDiferenca: 630 }), linha('Pão', { valorDiferenca: -40 }), linha('Suco', { valorDiferenca: 305 }), linha('Sal', { valorDiferenca: null })]);
    expect(barrasVendaInsumos(contagens, 1)).toEqual([{ rotulo: 'Carne', valor: 630 }]);
    expect(barrasVendaInsumos(contagens).map((b) => b.rotulo)).toEqual(['Carne', 'Suco']);
  });

  it('names a count by number, description and freeze time in the stores’ clock; a variance carries its sign', () => {
    expect(rotuloInventario({ _id: 'i', numero: 3, descricao: 'Fechamento', congeladoEm: '2026-11-21T17:30:00.000Z' })).toBe('nº 3 · Fechamento · 21/11/2026 14:30');
    expect(variacaoEmReais(1002, formatCentavos)).toBe('+R$ 10,02');
    expect(variacaoEmReais(0, formatCentavos)).toBe('R$ 0,00');
    expect(variacaoEmReais(-50, formatCentavos).replace(/\s/g, ' ')).toMatch(/^-R\$ 0,50$/);
  });
});
