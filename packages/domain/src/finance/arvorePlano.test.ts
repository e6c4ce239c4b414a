import { describe, expect, it } from 'vitest';
import { arvoreDoPlano, cicloNoPlano, type NoPlano } from './arvorePlano.ts';
import { planoContasPadrao } from './planoContasPadrao.ts';

const no = (_id: string, codigo: string, nome: string, pai: string | null): NoPlano => ({ _id, codigo, nome, pai });
const plano = [no('a', '4', 'Pessoal', null), no('b', '4.01', 'Salários', 'a'), no('c', '4.01.001', 'Cozinha', 'b'), no('d', '5', 'Ocupação', null)];
const mapa = new Map(plano.map((n) => [n._id, n]));

describe('cicloNoPlano', () => {
  it('names the path when a node would go under its own descendant', () => {
    expect(cicloNoPlano(mapa, plano[0]!, 'c')).toBe('4 Pessoal → 4.01 Salários → 4.01.001 Cozinha → 4 Pessoal');
    expect(cicloNoPlano(mapa, plano[0]!, 'a')).toBe('4 Pessoal → 4 Pessoal');
  });
  it('accepts a move that keeps a tree', () => {
    expect(cicloNoPlano(mapa, plano[2]!, 'd')).toBeNull();
    expect(cicloNoPlano(mapa, plano[1]!, null)).toBeNull();
  });
});

describe('arvoreDoPlano', () => {
  it('puts children under their parent, siblings by numeric code', () => {
    const nos = [...plano, no('e', '4.10', 'Vale', 'a'), no('f', '4.2', 'Encargos', 'a')];
    expect(arvoreDoPlano(nos).map((l) => `${'  '.repeat(l.nivel)}${l.no.codigo}`)).toEqual(['4', '  4.01', '    4.01.001', '  4.2', '  4.10', '5']);
  });
  it('the default chart has every group the restaurant needs, children under them', () => {
    const raiz = planoContasPadrao.filter((n) => n.pai === null).map((n) => n.nome);
    expect(raiz).toEqual(['Receitas', 'Deduções', 'CMV', 'Despesas com pessoal', 'Ocupação', 'Despesas administrativas', 'Marketing', 'Manutenção', 'Despesas financeiras', 'Receitas financeiras', 'Investimentos']);
    expect(planoContasPadrao.find((n) => n.nome === 'Taxas de cartão')?.codigo).toBe('2.02');
    expect(arvoreDoPlano(planoContasPadrao)).toHaveLength(planoContasPadrao.length);
  });
});
