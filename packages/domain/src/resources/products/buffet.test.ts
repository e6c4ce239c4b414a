import { describe, expect, it } from 'vitest';
import { pesagemBuffet, pesoLiquido, PesoInvalidoError, precoKgVigente, precoPorPeso, type PrecoBuffet } from './buffet.ts';
import { cardapioBuffet } from './cardapioBuffet.ts';

describe('buffet by weight', () => {
  it('takes the tare off the gross weight in exact grams', () => {
    expect(pesoLiquido('0.862', '0.350')).toBe('0.512');
    expect(pesoLiquido('1,1', '0,1')).toBe('1.000');
    expect(() => pesoLiquido('0.350', '0.350')).toThrow(PesoInvalidoError);
    expect(() => pesoLiquido('0.3505', '0')).toThrow(/casas/);
  });

  it('prices grams at the price per kg in whole centavos, half up, without floats', () => {
    expect(precoPorPeso('0.512', 6990)).toBe(3579); // 3578.88
    expect(precoPorPeso('1.000', 6990)).toBe(6990);
    expect(precoPorPeso('0.100', 5995)).toBe(600); // 599.5 → 600
    expect(precoPorPeso('0.001', 499)).toBe(0); // 0.499
    // 0.1 + 0.2 style trap: 0.3 kg at R$ 10,00 is exactly R$ 3,00.
    expect(precoPorPeso('0.300', 1000)).toBe(300);
    expect(pesagemBuffet('0.862', '0.350', 6990)).toEqual({ pesoLiquido: '0.512', valor: 3579 });
  });

  it('picks the price of the period covering the moment over the whole-day price', () => {
    const periodos = new Map([
      ['almoco', { horaInicio: '11:00', horaFim: '15:00' }],
      ['jantar', { horaInicio: '18:00', horaFim: '23:00' }],
    ]);
    const precos: PrecoBuffet[] = [
      { dias: ['Sábado', 'Domingo'], periodo: null, precoKg: 8990 },
      { dias: ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta'], periodo: 'almoco', precoKg: 6990 },
      { dias: ['Sexta'], periodo: 'jantar', precoKg: 7990 },
      { dias: ['Sexta'], periodo: null, precoKg: 5990 },
    ];
    expect(precoKgVigente(precos, { dia: 'Segunda', hora: '12:00' }, periodos)?.precoKg).toBe(6990);
    expect(precoKgVigente(precos, { dia: 'Sexta', hora: '19:00' }, periodos)?.precoKg).toBe(7990);
    expect(precoKgVigente(precos, { dia: 'Sexta', hora: '16:00' }, periodos)?.precoKg).toBe(5990);
    expect(precoKgVigente(precos, { dia: 'Domingo', hora: '12:00' }, periodos)?.precoKg).toBe(8990);
    expect(precoKgVigente(precos, { dia: 'Segunda', hora: '19:00' }, periodos)).toBeUndefined();
  });

  it('refuses a weekday priced twice for the same period, naming the line', () => {
    const dados = cardapioBuffet.schema.parse({
      descricao: 'Buffet',
      tara: '0,35',
      precos: [
        { dias: ['Segunda', 'Terça'], precoKg: 6990 },
        { dias: ['Terça'], periodo: '', precoKg: 7990 },
      ],
    });
    expect(dados.tara).toBe('0.350');
    expect(cardapioBuffet.regras!(dados)).toEqual([{ campo: 'precos.1.dias', mensagem: 'Terça (dia todo) já tem preço na linha 1.' }]);
    expect(cardapioBuffet.schema.safeParse({ descricao: 'Buffet', tara: '0.3501', precos: [{ dias: ['Segunda'], precoKg: 1 }] }).error?.issues[0]?.message).toBe(
      'A tara: use no máximo 3 casas decimais.',
    );
  });
});
