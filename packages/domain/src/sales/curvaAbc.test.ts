import { describe, expect, it } from 'vitest';
import { curvaAbc } from './curvaAbc.ts';

describe('ABC curve', () => {
  it('sorts by revenue and classes A up to 80%, B up to 95%, C the rest, in exact basis points', () => {
    const curva = curvaAbc([
      { id: 'c', total: 500 },
      { id: 'a', total: 7000 },
      { id: 'b', total: 1500 },
      { id: 'd', total: 1000 },
    ]);
    expect(curva.map((i) => [i.id, i.participacao, i.acumulado, i.classe])).toEqual([
      ['a', 7000, 7000, 'A'],
      ['b', 1500, 8500, 'A'], // starts at 70%: still A
      ['d', 1000, 9500, 'B'],
      ['c', 500, 10000, 'C'],
    ]);
  });

  it('gives zero shares, not a division by zero, when nothing was sold', () => {
    expect(curvaAbc([{ total: 0 }])).toEqual([{ total: 0, participacao: 0, acumulado: 0, classe: 'A' }]);
  });
});
