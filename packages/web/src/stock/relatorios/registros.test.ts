// @vitest-environment node
import type { DetalheInventarioRelatorio, LinhaSaidaManual } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { barrasPorTipo, faltasPorLocal, nomeDocumento, percentual, registrosDetalhe, registrosInventarios, registrosMovimentacao, registrosPorMotivo, registrosPorTipo, registrosSaidas } from './registros.ts';

describe('rows of the stock reports over documents', () => {
  it('names documents and kinds, and writes a movement with its date in the stores’ clock and its cost in reais', () => {
    expect([nomeDocumento('saidaManual', 3), nomeDocumento('inventario', 1), nomeDocumento('venda', null), nomeDocumento('outro', 2)]).toEqual(['Saída manual nº 3', 'Inventário nº 1', 'Venda', 'outro nº 2']);
    const [r] = registrosMovimentacao([
      { _id: 'm1', ocorridoEm: '2026-11-23T15:00:00.000Z', tipo: 'ajusteInventario', documentoTipo: 'inventario', documentoId: 'i1', documentoNumero: 1, produto: 'p', codigo: '10', descricao: 'Alcatra', unidade: 'KG', local: 'l', localDescricao: 'Câmara', usuario: 'Ana', motivo: null, quantidade: '-0.5000', custoUnitario: '4500.0000', valor: -2250 },
    ]);
    expect(r).toEqual({ _id: 'm1', quando: '23/11/2026 12:00', tipo: 'Ajuste de inventário', documento: 'Inventário nº 1', codigo: '10', descricao: 'Alcatra', localDescricao: 'Câmara', usuario: 'Ana', quantidade: '-0.5000', unidade: 'KG', custoUnitario: 'R$ 45,00', valor: -2250 });
  });

  it('orders the totals per kind as the kinds are declared, nets them, and charts their sizes without sign', () => {
    const totais = [
      { tipo: 'saidaManual' as const, movimentos: 2, entradas: '0', saidas: '3.0000', valor: -1500 },
      { tipo: 'entrada' as const, movimentos: 1, entradas: '10.0000', saidas: '0', valor: 4500 },
    ];
    const { registros, total } = registrosPorTipo(totais, 'Total');
    expect(registros.map((r) => r.tipo)).toEqual(['Entrada', 'Saída manual']);
    expect(total).toEqual({ _id: 'total', tipo: 'Total', movimentos: 3, valor: 3000 });
    expect(barrasPorTipo(totais)).toEqual([
      { rotulo: 'Entrada', valor: 4500 },
      { rotulo: 'Saída manual', valor: 1500 },
    ]);
  });

  it('writes percentages by integer arithmetic, rounded half up, and marks reversed exits', () => {
    expect([percentual(8998, 10176), percentual(1178, 10176), percentual(1, 3), percentual(2, 3), percentual(5, 0)]).toEqual(['88.42', '11.58', '33.33', '66.67', '0.00']);
    expect(registrosPorMotivo([{ motivo: 'Perda', documentos: 1, linhas: 2, valor: 8998 }], 10176)).toEqual([{ _id: 'Perda', motivo: 'Perda', documentos: 1, linhas: 2, valor: 8998, percentual: '88.42' }]);
    const linha: LinhaSaidaManual = {
      _id: 'm', documento: 'd', numero: 3, ocorridoEm: '2026-11-23T15:00:00.000Z', motivo: 'Perda', observacao: null, local: 'l', localDescricao: 'Câmara', produto: 'p', codigo: null, descricao: 'Alcatra', unidade: 'KG',
      quantidade: '1.0000', custoUnitario: '4500.0000', valor: 4500, usuario: null, estornado: true, estornadoEm: '2026-11-23T16:00:00.000Z', motivoEstorno: 'Em dobro',
    };
    expect(registrosSaidas([linha, { ...linha, _id: 'n', estornado: false }], 'Estornada').map((r) => [r._id, r.situacao, r.custoUnitario, r.codigo])).toEqual([
      ['m', 'Estornada', 'R$ 45,00', ''],
      ['n', '', 'R$ 45,00', ''],
    ]);
  });

  it('writes a count’s lines under a subtotal row per location, and charts the losses per location', () => {
    const item = { produto: 'p', codigo: null, unidade: 'KG', custoMedio: '4500.0000', contadoPor: null };
    const d: DetalheInventarioRelatorio = {
      _id: 'i', numero: 1, descricao: 'Mensal', status: 'aprovado', congeladoEm: '2026-11-23T15:00:00.000Z', aprovadoEm: null, observacao: null,
      locais: [
        { local: 'a', localDescricao: 'Câmara', linhas: 1, contadas: 1, sobras: 0, faltas: -2250, diferenca: -2250, itens: [{ ...item, local: 'a', localDescricao: 'Câmara', descricao: 'Alcatra', congelado: '8.5000', contado: '8.0000', diferenca: '-0.5000', valor: -2250 }] },
        { local: 'b', localDescricao: 'Seco', linhas: 1, contadas: 0, sobras: 0, faltas: 0, diferenca: 0, itens: [{ ...item, local: 'b', localDescricao: 'Seco', descricao: 'Arroz', congelado: '48.0000', contado: null, diferenca: null, valor: null }] },
      ],
      totais: { linhas: 2, contadas: 1, sobras: 0, faltas: -2250, diferenca: -2250 },
    };
    const { registros, total } = registrosDetalhe(d, (nome, t) => `${nome}: ${t.contadas}/${t.linhas}`, 'Total');
    expect(registros.map((r) => [r._id, r.descricao, r.contado ?? null, r.valor])).toEqual([
      ['subtotal:a', 'Câmara: 1/1', null, -2250],
      ['a|p', 'Alcatra', '8.0000', -2250],
      ['subtotal:b', 'Seco: 0/1', null, 0],
      ['b|p', 'Arroz', '', ''],
    ]);
    expect(total).toEqual({ _id: 'total', descricao: 'Total: 1/2', valor: -2250 });
    expect(faltasPorLocal(d)).toEqual([{ rotulo: 'Câmara', valor: 2250 }]);
  });

  it('writes the counts of the list with their status by name and the approval apart', () => {
    const [r] = registrosInventarios(
      [{ _id: 'i', numero: 1, descricao: 'Mensal', status: 'aprovado', congeladoEm: '2026-11-23T15:00:00.000Z', aprovadoEm: '2026-11-24T13:30:00.000Z', criadoPor: 'Ana', aprovadoPor: 'Bia', locais: 'Câmara, Seco', linhas: 3, contadas: 2, sobras: 2250, faltas: -2248, diferenca: 2 }],
      (s) => s.toUpperCase(),
      (c, l) => `${c} de ${l}`,
    );
    expect(r).toEqual({ _id: 'i', numero: 1, descricao: 'Mensal', congeladoEm: '23/11/2026 12:00', status: 'APROVADO', locais: 'Câmara, Seco', contadas: '2 de 3', sobras: 2250, faltas: -2248, diferenca: 2, aprovadoEm: '24/11/2026 10:30', aprovadoPor: 'Bia' });
  });
});
