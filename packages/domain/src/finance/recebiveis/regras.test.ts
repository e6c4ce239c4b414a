import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { prazosDoPagamento, regraLiquidacaoSchema, type OperadoraRecebiveis } from './regras.ts';

const cielo: OperadoraRecebiveis = { diasDebito: 1, diasCredito: 30, taxaDebito: '1.99', taxaCredito: '3.19', taxaParcelado: '2.55' };
const regra = (r: z.input<typeof regraLiquidacaoSchema>) => regraLiquidacaoSchema.parse(r);

describe('prazosDoPagamento: the sale days a payment can be paid from', () => {
  it('spans from the earliest term to the last installment with room for holidays', () => {
    // Debit D+1 business day: paid one to eight calendar days later (a long holiday run included).
    expect(prazosDoPagamento([cielo], '04', 1)).toEqual({ minimo: 1, maximo: 8 });
    // Credit in 3× of the lojista: the third installment 30·2 days after the first, at D+30 calendar.
    expect(prazosDoPagamento([cielo], '03', 3)).toEqual({ minimo: 30, maximo: 96 });
    // Pix D+0, never moved.
    expect(prazosDoPagamento([], '17', 1)).toEqual({ minimo: 0, maximo: 6 });
    expect(prazosDoPagamento([cielo], '01', 1)).toBeNull();
  });

  it('takes any rule of the product, whatever its brand or range: anticipation brings the earliest to D+1', () => {
    const rede = { ...cielo, regras: [regra({ produto: 'creditoParceladoLojista', bandeira: 'visa', parcelasDe: 2, parcelasAte: 3, dias: 45, contagem: 'corridos', antecipacaoAutomatica: true })] };
    expect(prazosDoPagamento([rede], '03', 3)).toEqual({ minimo: 1, maximo: 111 });
    // An issuer that finances the installments pays them once, like à vista, but a payment without operadora
    // (the market default, always counted) settles as lojista: the window still reaches the 12th installment.
    expect(prazosDoPagamento([{ ...cielo, parcelado: 'emissor', diasCredito: 2 }], '03', 12)).toEqual({ minimo: 2, maximo: 36 + 330 });
  });
});
