import { describe, expect, it } from 'vitest';
import { cicloDasFichas, custoDaFicha, explodirFicha, type FichaParaCalculo } from './fichaTecnica.ts';

const fichas = new Map<string, FichaParaCalculo>([
  // A burger: one bun, 150 g of patty mix (a sub-recipe), 20 g of cheese with 10 % lost when sliced.
  ['xis', { produto: 'xis', rendimento: '1', itens: [{ produto: 'pao', quantidade: '1', perda: null }, { produto: 'blend', quantidade: '0.15', perda: null }, { produto: 'queijo', quantidade: '0.02', perda: '10' }] }],
  // The patty mix: 3 kg of beef and 0.1 kg of salt yield 3 kg (a 3.1 → 3 kg cook loss through the yield).
  ['blend', { produto: 'blend', rendimento: '3', itens: [{ produto: 'carne', quantidade: '3', perda: null }, { produto: 'sal', quantidade: '0.1', perda: null }] }],
]);

describe('recipe sheets', () => {
  it('explode through sub-recipes with yields and losses, exact until one rounding at 4 places', () => {
    expect(Object.fromEntries(explodirFicha(fichas, 'xis', '1'))).toEqual({ pao: '1.0000', carne: '0.1500', sal: '0.0050', queijo: '0.0222' });
    // Three burgers: 3 × 0.02 / 0.9 = 0.0666… → 0.0667 (rounded once, not 3 × 0.0222).
    expect(explodirFicha(fichas, 'xis', '3').get('queijo')).toBe('0.0667');
    expect(Object.fromEntries(explodirFicha(fichas, 'sal', '2'))).toEqual({ sal: '2.0000' });
  });

  it('cost a dish from the ingredients’ average costs, to the centavo', () => {
    const custos = new Map([['pao', '125'], ['carne', '3290'], ['sal', '200'], ['queijo', '4290']]);
    // 125 + 0.15 × 3290 + 0.005 × 200 + (0.02 / 0.9) × 4290 = 125 + 493.5 + 1 + 95.3333… = 714.83
    expect(custoDaFicha(fichas, 'xis', custos)).toEqual({ centavos: '714.83', semCusto: [] });
    expect(custoDaFicha(fichas, 'xis', new Map([['pao', '125']])).semCusto).toEqual(['carne', 'sal', 'queijo']);
  });

  it('find a cycle and name its path', () => {
    const comCiclo = new Map(fichas).set('carne', { produto: 'carne', rendimento: '1', itens: [{ produto: 'blend', quantidade: '1', perda: null }] });
    const nomes: Record<string, string> = { xis: 'Xis', blend: 'Blend', carne: 'Carne' };
    expect(cicloDasFichas(comCiclo, 'xis', (id) => nomes[id] ?? id)).toBe('Blend → Carne → Blend');
    expect(cicloDasFichas(fichas, 'xis', (id) => id)).toBeNull();
  });
});
