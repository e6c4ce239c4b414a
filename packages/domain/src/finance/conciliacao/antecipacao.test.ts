import { describe, expect, it } from 'vitest';
import { valorPresente } from '../recebiveis/antecipacao.ts';
import { casarAntecipacoes, separarAntecipados, taxaMensalAntecipacao } from './antecipacao.ts';
import type { LinhaAberta, RecebivelPrevisto } from './casamento.ts';

const dia = (operadora: string, operadoraNome: string, data: string, liquido: number): RecebivelPrevisto => ({ operadora, operadoraNome, data, bruto: liquido + 300, taxas: 300, liquido });
const linha = (id: string, data: string, valor: number, memo: string, ordem = 1): LinhaAberta => ({ id, data, valor, memo, ordem });

describe('casarAntecipacoes', () => {
  const previstos = [dia('c', 'Cielo', '2025-07-31', 48500), dia('c', 'Cielo', '2025-09-01', 48500), dia('r', 'Rede', '2025-07-31', 48500)];

  it('takes the nearest run of the named operadora whose discount is within 5 % a month, the discount shared by net × days', () => {
    const [m, ...resto] = casarAntecipacoes([linha('L', '2025-07-03', 94155, 'CIELO ANTECIPACAO')], previstos, new Map());
    expect(resto).toEqual([]);
    expect([m!.operadora, m!.desconto, m!.contratada, m!.dias.map((d) => [d.data, d.dias, d.desconto])]).toEqual(['c', 2845, false, [['2025-07-31', 28, 905], ['2025-09-01', 60, 1940]]]);
    expect(taxaMensalAntecipacao(2845, 48500 * 88)).toBe(200);
  });

  it('never reads a credit whose memo names no operadora, nor a discount above 5 % a month, nor days on or before the credit', () => {
    expect(casarAntecipacoes([linha('L', '2025-07-03', 94155, 'TED RECEBIDA')], previstos, new Map())).toEqual([]);
    expect(casarAntecipacoes([linha('L', '2025-07-03', 87300, 'CIELO')], previstos, new Map())).toEqual([]);
    expect(casarAntecipacoes([linha('L', '2025-07-31', 47000, 'CIELO')], [previstos[0]!], new Map())).toEqual([]);
  });

  it('leaves a credit alone when a payout of the operadora is due around it and the run would skip it', () => {
    // 31/07's own payout, 1,5 % short, is no anticipation of 01/09 and later: it is that payout, off its forecast.
    const comDoDia = [...previstos, dia('c', 'Cielo', '2025-10-01', 48500)];
    expect(casarAntecipacoes([linha('L', '2025-07-31', 47770, 'CIELO')], comDoDia, new Map())).toEqual([]);
    // Without a payout due around the credit, the same amount two days earlier anticipates 31/07 and 01/09.
    expect(casarAntecipacoes([linha('L', '2025-07-28', 95000, 'CIELO')], comDoDia, new Map()).map((m) => m.dias.map((d) => d.data))).toEqual([['2025-07-31', '2025-09-01']]);
  });

  it('the contracted rate first, compounded as the forecast: within R$ 1,00 of the present value', () => {
    const esperado = valorPresente(48500, '1.50', 28) + valorPresente(48500, '1.50', 60);
    const [m] = casarAntecipacoes([linha('L', '2025-07-03', esperado - 40, 'Crédito Cielo')], previstos, new Map([['c', '1.50']]));
    expect([m!.contratada, m!.desconto]).toEqual([true, 97000 - esperado + 40]);
  });

  it('a day is taken once: of two credits for the same days, the first in order', () => {
    const r = casarAntecipacoes([linha('A', '2025-07-03', 94155, 'CIELO', 1), linha('B', '2025-07-03', 94155, 'CIELO', 2)], previstos, new Map());
    expect(r.map((m) => m.linha)).toEqual(['A']);
  });
});

describe('separarAntecipados', () => {
  const r = dia('c', 'Cielo', '2025-07-31', 48500);
  const casado = (l: LinhaAberta) => ({ recebidos: [{ linha: l.id, recebivel: r }], linhas: new Map([[l.id, l]]) });

  it('a payout three days early, short by the contracted rate for three days, is an anticipation of that day', () => {
    const l = linha('L', '2025-07-28', valorPresente(48500, '1.89', 3), 'CIELO');
    const { recebidos, linhas } = casado(l);
    const { recebidos: ficam, antecipados } = separarAntecipados(recebidos, linhas, new Map([['c', '1.89']]));
    expect(ficam).toEqual([]);
    expect(antecipados.map((a) => [a.linha, a.contratada, a.desconto, a.dias.map((d) => [d.data, d.dias, d.desconto])])).toEqual([['L', true, 48500 - l.valor, [['2025-07-31', 3, 48500 - l.valor]]]]);
  });

  it('stays a receivable on its day, without a contracted rate, or when the rate does not explain the shortfall', () => {
    const noDia = linha('D', '2025-07-31', 48300, 'CIELO');
    expect(separarAntecipados(casado(noDia).recebidos, casado(noDia).linhas, new Map([['c', '1.89']])).antecipados).toEqual([]);
    const cedo = linha('L', '2025-07-28', valorPresente(48500, '1.89', 3), 'CIELO');
    expect(separarAntecipados(casado(cedo).recebidos, casado(cedo).linhas, new Map()).recebidos).toHaveLength(1);
    const caro = linha('C', '2025-07-28', 48200, 'CIELO');
    expect(separarAntecipados(casado(caro).recebidos, casado(caro).linhas, new Map([['c', '1.89']])).recebidos).toHaveLength(1);
  });
});
