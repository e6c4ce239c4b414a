import { describe, expect, it } from 'vitest';
import { aplicarAoCusto, converterCusto, converterQuantidade, custo, ESTADO_INICIAL, qtd, textoCusto, textoQtd, valorEmCentavos } from './custoMedio.ts';

const seguir = (...passos: [string, string | null][]) =>
  passos.reduce((e, [q, c]) => aplicarAoCusto(e, qtd(q), c === null ? null : custo(c)), ESTADO_INICIAL);

describe('weighted average cost', () => {
  it('mixes purchases by quantity, to 1/10000 of a centavo', () => {
    // 10 kg at R$ 20,00 then 5 kg at R$ 23,00 → (200 + 115) / 15 = R$ 21,00.
    const e = seguir(['10', '2000'], ['5', '2300']);
    expect([textoQtd(e.quantidade), textoCusto(e.custoMedio)]).toEqual(['15.0000', '2100.0000']);
    // 3 units at 1 centavo then 1 at 2: 5/4 = 1.25 exactly; 1/3 rounds half up at 4 places.
    expect(textoCusto(seguir(['3', '1'], ['1', '2']).custoMedio)).toBe('1.2500');
    expect(textoCusto(seguir(['2', '1'], ['1', '0']).custoMedio)).toBe('0.6667');
  });

  it('moves sales, losses and counts at the average without changing it', () => {
    const e = seguir(['10', '2000'], ['-4', null], ['-6.5', null]);
    expect([textoQtd(e.quantidade), textoCusto(e.custoMedio)]).toEqual(['-0.5000', '2000.0000']);
  });

  it('takes the new cost when stock was empty or negative, and keeps the last one when a reversal empties it', () => {
    expect(textoCusto(seguir(['1', '1000'], ['-3', null], ['5', '1200']).custoMedio)).toBe('1200.0000');
    // A purchase reversed (its own cost, negative quantity) takes its value out again.
    expect(textoCusto(seguir(['10', '2000'], ['5', '2300'], ['-5', '2300']).custoMedio)).toBe('2000.0000');
    expect(textoCusto(seguir(['10', '2000'], ['-10', '2000']).custoMedio)).toBe('2000.0000');
  });

  it('values a quantity at a unit cost in whole centavos', () => {
    expect(valorEmCentavos(qtd('0.0125'), custo('2000'))).toBe(25);
    expect(valorEmCentavos(qtd('3'), custo('0.1667'))).toBe(1);
    expect(valorEmCentavos(qtd('-2.5'), custo('101'))).toBe(-253);
  });

  it('converts a quantity and a unit cost typed in another unit (a box of 12, grams of a product kept in KG)', () => {
    expect(textoQtd(converterQuantidade('2.5', '12'))).toBe('30.0000');
    expect(textoQtd(converterQuantidade('125', '0.001'))).toBe('0.1250');
    expect(textoCusto(converterCusto('3468', '12'))).toBe('289.0000');
    expect(textoCusto(converterCusto('1000', '7'))).toBe('142.8571');
  });
});
