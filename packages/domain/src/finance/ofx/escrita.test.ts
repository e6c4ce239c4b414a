import { describe, expect, it } from 'vitest';
import { escreverOfx, lerOfx } from './index.ts';

describe('escreverOfx', () => {
  it('writes a statement the reader reads back: lines to the centavo (negative, under a real, large), the account and the ledger balance', () => {
    const linhas = [
      { fitid: 'A1', data: '2025-06-02', valor: -350, memo: 'TARIFA PIX ENVIADO' },
      { fitid: 'A2', data: '2025-06-03', valor: 5, memo: 'RENDIMENTO' },
      { fitid: 'A3', data: '2025-06-04', valor: 123_456_789, memo: 'TED RECEBIDA' },
    ];
    const [e, ...resto] = lerOfx(new TextEncoder().encode(escreverOfx({ banco: '0341', agencia: '0912', numero: '45871-3' }, linhas, { valor: -98_765, data: '2025-06-04' })));
    expect(resto).toEqual([]);
    expect(e).toMatchObject({ banco: '341', agencia: '0912', conta: '45871-3', moeda: 'BRL', saldo: { valor: -98_765, data: '2025-06-04' } });
    expect(e!.linhas.map((l) => ({ fitid: l.fitid, data: l.data, valor: l.valor, memo: l.memo }))).toEqual(linhas);
  });
});
