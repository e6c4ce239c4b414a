import { screens } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { filterMenu, normalizeSearch } from './menuSearch.ts';

const names = (query: string) => filterMenu(query).flatMap((g) => g.screens.map((s) => s.name));

describe('menu search', () => {
  it('shows every screen grouped by area when the search is empty', () => {
    const groups = filterMenu('');
    expect(groups).toHaveLength(10);
    expect(groups.reduce((n, g) => n + g.screens.length, 0)).toBe(screens.length);
    expect(groups[0]).toMatchObject({ area: 'registration', label: 'Cadastros' });
  });

  it('ignores accents and case, in the query and in the label', () => {
    expect(normalizeSearch('  Cartão ÍCMS ')).toBe('cartao icms');
    expect(names('cartao')).toEqual(expect.arrayContaining(['tipoPagamentoBandeira', 'operadora']));
    expect(names('INVENTARIO')).toEqual(expect.arrayContaining(['estoqueInventario', 'relatorioEstoqueInventario']));
  });

  it('matches the route name as well as the label', () => {
    expect(names('tipoPagamentoBandeira')).toEqual(['tipoPagamentoBandeira']);
    expect(names('kdsTeclado')).toEqual(['kdsTeclado']);
  });

  it('requires every word and drops areas left empty', () => {
    const groups = filterMenu('fidelidade pontos');
    expect(groups.map((g) => g.area)).toEqual(['registration']);
    expect(groups[0]!.screens.map((s) => s.name)).toEqual(['programaFidelidadePontos']);
    expect(filterMenu('xyzzy')).toEqual([]);
  });
});
