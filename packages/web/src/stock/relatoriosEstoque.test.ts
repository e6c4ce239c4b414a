// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Kardex, LinhaPosicao } from './estoqueApi.ts';
import { documentoDe, registrosKardex, registrosPosicao } from './relatoriosEstoque.ts';

const linha = (local: string, localDescricao: string, valor: number, extra: Partial<LinhaPosicao> = {}): LinhaPosicao => ({
  produto: 'p1', codigo: '1', descricao: 'Farinha', unidade: 'KG', local, localDescricao, quantidade: '12.5000', custoMedio: '550.0000', valor, estoqueMinimo: null, abaixoMinimo: false, ...extra,
});

describe('stock report rows', () => {
  it('writes the position with the cost in reais and sums the value in centavos', () => {
    const { registros, totais } = registrosPosicao([linha('a', 'Cozinha', 6875, { abaixoMinimo: true }), linha('b', 'Bar', 101)], 'Total', 'Sim');
    expect(registros[0]).toMatchObject({ _id: 'p1:a', custoMedio: 'R$ 5,50', abaixoMinimo: 'Sim', quantidade: '12.5000' });
    expect(registros[1]!.abaixoMinimo).toBe('');
    expect(totais).toEqual({ _id: 'total', descricao: 'Total', valor: 6976 });
  });

  it('writes the kardex between its opening and closing balances', () => {
    const k: Kardex = {
      inicial: { saldo: '10.0000', custoMedio: '500.0000', valor: 5000 },
      final: { saldo: '8.5000', custoMedio: '500.0000', valor: 4250 },
      entradas: { quantidade: '0.0000', valor: 0 },
      saidas: { quantidade: '1.5000', valor: 750 },
      linhas: [
        { _id: 'm1', ocorridoEm: '2026-11-23T15:00:00.000Z', tipo: 'saidaManual', documentoTipo: 'saidaManual', documentoId: 'd1', documentoNumero: 3, local: 'a', localDescricao: 'Cozinha', usuario: 'Admin', quantidade: '-1.5000', custoUnitario: '500.0000', valor: -750, saldo: '8.5000', custoMedio: '500.0000' },
      ],
      pagina: { offset: 0, limite: null, total: 1, inicial: { saldo: '10.0000', custoMedio: '500.0000', valor: 5000 }, final: { saldo: '8.5000', custoMedio: '500.0000', valor: 4250 } },
    };
    const rotulos = { inicial: 'Saldo inicial', final: 'Saldo final', anterior: 'Saldo da página anterior', aTransportar: 'Saldo a transportar' };
    const { registros, totais } = registrosKardex(k, rotulos);
    expect(registros[0]).toEqual({ _id: 'subtotal:inicial', tipo: 'Saldo inicial', saldo: '10.0000', custoMedio: 'R$ 5,00', valor: 5000 });
    expect(registros[1]).toMatchObject({ quando: '23/11/2026 12:00', tipo: 'Saída manual', documento: 'Saída manual nº 3', quantidade: '-1.5000', custoUnitario: 'R$ 5,00', saldo: '8.5000' });
    expect(totais).toEqual({ _id: 'total', tipo: 'Saldo final', saldo: '8.5000', custoMedio: 'R$ 5,00', valor: 4250 });
    // A middle page opens at what the previous page carried and carries its own closing on.
    const meio = registrosKardex({ ...k, pagina: { ...k.pagina, offset: 200, limite: 200, total: 450, inicial: { saldo: '9.0000', custoMedio: '500.0000', valor: 4500 } } }, rotulos);
    expect(meio.registros[0]).toMatchObject({ tipo: 'Saldo da página anterior', saldo: '9.0000', valor: 4500 });
    expect(meio.totais).toMatchObject({ tipo: 'Saldo a transportar', saldo: '8.5000' });
    expect(documentoDe('venda', null)).toBe('Venda');
    expect(documentoDe('producao', 2)).toBe('Produção nº 2');
  });
});
