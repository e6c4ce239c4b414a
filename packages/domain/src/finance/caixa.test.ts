import { describe, expect, it } from 'vitest';
import { conferirCaixa } from './caixa.ts';

describe('conferirCaixa', () => {
  it('the drawer line is always first, even with no cash sold: float − sangrias + suprimentos; an undeclared method counts as zero', () => {
    const linhas = conferirCaixa({ fundoTroco: 20000, sangrias: 5000, suprimentos: 1000, formas: [{ chave: 'cred', descricao: 'Crédito', tPag: '03', vendido: 4590, pagamentos: 2 }] }, { dinheiro: 15900 });
    expect(linhas.map((l) => [l.chave, l.sistema, l.declarado, l.diferenca])).toEqual([
      ['dinheiro', 16000, 15900, -100],
      ['cred', 4590, 0, -4590],
    ]);
  });

  it('cash sold joins the drawer; a surplus is positive', () => {
    const [gaveta] = conferirCaixa({ fundoTroco: 0, sangrias: 0, suprimentos: 0, formas: [{ chave: 'dinheiro', descricao: 'Dinheiro', tPag: '01', vendido: 3750, pagamentos: 1 }] }, { dinheiro: 3760 });
    expect(gaveta).toMatchObject({ vendido: 3750, sistema: 3750, diferenca: 10 });
  });
});
