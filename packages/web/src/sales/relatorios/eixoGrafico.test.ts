import { describe, expect, it } from 'vitest';
import { disposicaoDosRotulos, marcasDoEixo, reaisNoEixo, rotulosCurtos } from './eixoGrafico.ts';

describe('the arithmetic of a bar chart', () => {
  it('puts round ticks from zero to the first at or above the largest value, whole reais for money', () => {
    expect(marcasDoEixo(2911825, 100)).toEqual([0, 1000000, 2000000, 3000000]);
    expect(marcasDoEixo(730, 100)).toEqual([0, 200, 400, 600, 800]);
    expect(marcasDoEixo(7, 1)).toEqual([0, 2, 4, 6, 8]);
    expect(marcasDoEixo(0, 100)).toEqual([0, 100]);
    for (const m of marcasDoEixo(123456789, 100)) expect(Number.isInteger(m / 100)).toBe(true);
  });

  it('writes money ticks short, in reais', () => {
    expect(reaisNoEixo(1000000)).toBe('R$ 10 mil');
    expect(reaisNoEixo(150000000)).toBe('R$ 1,5 mi');
    expect(reaisNoEixo(50000)).toBe('R$ 500');
    expect(reaisNoEixo(0)).toBe('R$ 0');
    expect(reaisNoEixo(50)).toBe('R$ 0,50');
  });

  it('shortens days to dd/mm and names to what tells them apart', () => {
    expect(rotulosCurtos(['25/11/2026', '26/11/2026'])).toEqual(['25/11', '26/11']);
    expect(rotulosCurtos(['31/12/2025', '01/01/2026'])).toEqual(['31/12/25', '01/01/26']);
    expect(rotulosCurtos(['Restaurante Demonstração Centro', 'Restaurante Demonstração Shopping'])).toEqual(['Centro', 'Shopping']);
    expect(rotulosCurtos(['Restaurante Demonstração Loja 1', 'Restaurante Demonstração Loja 2'])).toEqual(['Loja 1', 'Loja 2']);
    expect(rotulosCurtos(['Salão', 'Delivery'])).toEqual(['Salão', 'Delivery']);
    // A label that is only the common words keeps them all.
    expect(rotulosCurtos(['Loja', 'Loja Centro'])).toEqual(['Loja', 'Loja Centro']);
  });

  it('keeps labels straight when they fit, thins days and slants names when they do not', () => {
    expect(disposicaoDosRotulos(['25/11', '26/11'], 1000, true)).toEqual({ inclinado: false, aCada: 1 });
    const dias = Array.from({ length: 30 }, () => '26/11');
    expect(disposicaoDosRotulos(dias, 290, true)).toEqual({ inclinado: false, aCada: 6 });
    expect(disposicaoDosRotulos(['Centro', 'Shopping', 'Aeroporto', 'Praia', 'Norte', 'Sul'], 280, false)).toEqual({ inclinado: true, aCada: 1 });
  });
});
