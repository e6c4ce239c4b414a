import { describe, expect, it } from 'vitest';
import { aplicarRegras, casarExatos, casarPorDia, casarRecebiveis, type LinhaAberta, type MovimentoAberto } from './casamento.ts';

const linha = (id: string, data: string, valor: number, memo = '', ordem = 0): LinhaAberta => ({ id, data, valor, memo, ordem });
const mov = (id: string, data: string, valor: number, ordem = 0): MovimentoAberto => ({ id, data, valor, ordem });

describe('casarExatos', () => {
  it('takes the movement on the day before one two days off, one to one, whatever the input order', () => {
    const linhas = [linha('L1', '2025-03-10', -5_000, '', 1), linha('L2', '2025-03-12', -5_000, '', 2)];
    const movimentos = [mov('M-longe', '2025-03-09', -5_000, 1), mov('M-dia', '2025-03-10', -5_000, 2), mov('M-outro', '2025-03-12', -4_999, 3)];
    const esperado = [
      { linha: 'L1', movimentos: ['M-dia'], origem: 'exato' },
      { linha: 'L2', movimentos: ['M-longe'], origem: 'janela' },
    ];
    expect(casarExatos(linhas, movimentos)).toEqual(esperado);
    expect(casarExatos([...linhas].reverse(), [...movimentos].reverse())).toEqual(esperado);
  });

  it('leaves a movement four days off alone', () => {
    expect(casarExatos([linha('L', '2025-03-10', 100)], [mov('M', '2025-03-14', 100)])).toEqual([]);
  });
});

describe('casarPorDia', () => {
  it('matches a credit to a day of movements of its sign summing to it, nearest day first', () => {
    const movimentos = [mov('a', '2025-03-10', 1_000), mov('b', '2025-03-10', 2_500), mov('saida', '2025-03-10', -700), mov('c', '2025-03-11', 3_000), mov('d', '2025-03-11', 500)];
    expect(casarPorDia([linha('L', '2025-03-11', 3_500)], movimentos)).toEqual([{ linha: 'L', movimentos: ['c', 'd'], origem: 'dia' }]);
    expect(casarPorDia([linha('L', '2025-03-11', 3_501)], movimentos)).toEqual([]);
  });
});

describe('casarRecebiveis', () => {
  const previsto = (operadora: string, data: string, liquido: number) => ({ operadora, operadoraNome: operadora, data, bruto: liquido + 300, taxas: 300, liquido });
  it("matches a credit to the acquirer's expected net of a day, the closest amount first, within 1%", () => {
    const previstos = [previsto('Stone', '2025-03-11', 97_000), previsto('Cielo', '2025-03-11', 96_990)];
    const casados = casarRecebiveis([linha('L', '2025-03-11', 96_995, 'CRED STONE')], previstos);
    expect(casados.map((c) => c.recebivel.operadora)).toEqual(['Stone']);
    expect(casarRecebiveis([linha('L', '2025-03-11', 95_000, 'CRED STONE')], previstos)).toEqual([]);
    // Near but not exact, and the memo names no acquirer: not a receivable.
    expect(casarRecebiveis([linha('L', '2025-03-11', 96_995, 'DEPOSITO')], previstos)).toEqual([]);
    expect(casarRecebiveis([linha('L', '2025-03-11', 96_990, 'DEPOSITO')], previstos).map((c) => c.recebivel.operadora)).toEqual(['Cielo']);
    expect(casarRecebiveis([linha('L', '2025-03-11', -97_000)], previstos)).toEqual([]);
  });
});

describe('aplicarRegras', () => {
  it('applies the first rule whose text the memo contains, ignoring case and accents, by account and sign', () => {
    const regras = [
      { id: 'r1', texto: 'tarifa', conta: null, sinal: 'debito' as const, planoConta: 'p1', descricao: null },
      { id: 'r2', texto: 'rendimento', conta: 'C2', sinal: null, planoConta: 'p2', descricao: null },
    ];
    const linhas = [linha('a', '2025-01-01', -1_250, 'TARIFA PACOTE SERVIÇOS'), linha('b', '2025-01-01', 1_250, 'ESTORNO TARIFA'), linha('c', '2025-01-01', 80, 'RENDIMENTO POUPANÇA')];
    expect(aplicarRegras(regras, 'C1', linhas).map((x) => [x.linha.id, x.regra.id])).toEqual([['a', 'r1']]);
    expect(aplicarRegras(regras, 'C2', linhas).map((x) => [x.linha.id, x.regra.id])).toEqual([['a', 'r1'], ['c', 'r2']]);
  });
});
