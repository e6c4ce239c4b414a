import { describe, expect, it } from 'vitest';
import { acaoDaTecla, aplicar, corDoTempo, estadoInicial, LIMITES_QUADRO, pedidosNaTela, podar, quantidadeLegivel, tempoDecorrido, type PedidoKds } from './quadroKds.ts';
import { sonsKds } from '@retaguarda/domain';
import { chegaramNovos, notasDoSom } from './somKds.ts';

const item = (id: string, setor: string, estado: 'novo' | 'pronto' = 'novo') => ({ _id: id, seq: 0, produto: `p-${id}`, descricao: id, quantidade: '1.000', modificadores: [], observacao: null, setor, estado, chegouEm: '2026-11-28T10:00:00Z', prontoEm: null as string | null });
const pedido = (id: string, chegouEm: string, itens = [item(`${id}-x`, 'chapa'), item(`${id}-r`, 'bar')]): PedidoKds => ({ _id: id, pedidoId: id, mesa: null, cliente: null, chegouEm, itens });
const chapa = { setores: [{ _id: 'chapa', descricao: 'Chapa', cor: null }] };

describe('KDS board state', () => {
  it('adds arriving orders once, even when the catch-up repeats what came live', () => {
    let e = estadoInicial([], 0);
    const chegou = { id: 5, tipo: 'pedido' as const, pedido: 'A', dados: { pedido: pedido('A', '2026-11-28T10:00:00Z') } };
    e = aplicar(aplicar(e, chegou), chegou);
    expect(e.pedidos).toHaveLength(1);
    expect(e.ultimo).toBe(5);
  });

  it('a station shows its own items until they are bumped; recall brings them back', () => {
    let e = estadoInicial([pedido('B', '2026-11-28T10:05:00Z'), pedido('A', '2026-11-28T10:00:00Z')], 3);
    expect(pedidosNaTela(e, chapa).map((p) => [p._id, p.itens.map((i) => i._id)])).toEqual([['A', ['A-x']], ['B', ['B-x']]]);
    e = aplicar(e, { id: 4, tipo: 'pronto', pedido: 'A', dados: { itens: ['A-x'], em: '2026-11-28T10:09:00Z' } });
    expect(pedidosNaTela(e, chapa).map((p) => p._id)).toEqual(['B']);
    // The bar still has A's drink to make.
    expect(pedidosNaTela(e, { setores: [{ _id: 'bar', descricao: 'Bar', cor: null }] }).map((p) => p._id)).toEqual(['A', 'B']);
    e = aplicar(e, { id: 6, tipo: 'recuperado', pedido: 'A', dados: { itens: ['A-x'] } });
    expect(pedidosNaTela(e, chapa).map((p) => p._id)).toEqual(['A', 'B']);
    expect(e.pedidos.find((p) => p._id === 'A')!.itens[0]!.estado).toBe('em_preparo');
  });

  it('colours the timer by the station minutes and reads keys and quantities', () => {
    const q = { minutosAlerta: 8, minutosAtraso: 15 };
    const chegou = '2026-11-28T10:00:00Z';
    const em = (min: number) => new Date(chegou).getTime() + min * 60_000;
    expect([corDoTempo(chegou, em(7.9), q), corDoTempo(chegou, em(8), q), corDoTempo(chegou, em(15), q)]).toEqual(['no-prazo', 'alerta', 'atrasado']);
    expect(tempoDecorrido(chegou, em(12.5))).toBe('12:30');
    expect(tempoDecorrido(chegou, em(75))).toBe('1:15:00');
    expect(acaoDaTecla([{ tecla: 'Enter', acao: 'Destacar' }, { tecla: '1', acao: 'Concluir' }], '1')).toBe('Concluir');
    expect(acaoDaTecla([{ tecla: 'Enter', acao: 'Destacar' }], 'x')).toBeNull();
    expect([quantidadeLegivel('2.000'), quantidadeLegivel('0.500'), quantidadeLegivel('10.000'), quantidadeLegivel('100')]).toEqual(['2', '0,5', '10', '100']);
  });
});

describe('KDS board sound', () => {
  it('rings for an order not seen before, not for those already on screen', () => {
    expect(chegaramNovos(new Set(['A', 'B']), ['A', 'B'])).toBe(false);
    expect(chegaramNovos(new Set(['A', 'B']), ['B'])).toBe(false);
    expect(chegaramNovos(new Set(['A']), ['A', 'C'])).toBe(true);
  });
  it('has notes for every sound a station may choose, and none for Nenhum', () => {
    expect(sonsKds.filter((s) => !(s in notasDoSom))).toEqual([]);
    expect(notasDoSom.Nenhum).toEqual([]);
    expect(sonsKds.filter((s) => s !== 'Nenhum').every((s) => notasDoSom[s]!.length > 0)).toBe(true);
  });
});

describe('KDS board left on for days', () => {
  it('keeps what it remembers bounded and still applies each event once', () => {
    let e = estadoInicial([], 0);
    const n = LIMITES_QUADRO.vistos * 3;
    for (let id = 1; id <= n; id++) e = aplicar(e, { id, tipo: 'preparo', pedido: 'nenhum', dados: { itens: [] } });
    expect(e.vistos.size).toBeLessThanOrEqual(2 * LIMITES_QUADRO.vistos);
    expect(e.ultimo).toBe(n);
    // A catch-up repeating old events (forgotten or remembered) changes nothing.
    const chegou = { id: 3, tipo: 'pedido' as const, pedido: 'Z', dados: { pedido: pedido('Z', '2026-11-28T10:00:00Z') } };
    expect(aplicar(e, chegou)).toBe(e);
    expect(aplicar(e, { ...chegou, id: n - 1 })).toBe(e);
  });

  it('forgets orders it finished long ago but keeps the last ones for recall and those still being made', () => {
    const setores = new Set(['chapa']);
    const pedidos = Array.from({ length: LIMITES_QUADRO.prontos + 10 }, (_, k) => {
      const em = `2026-11-28T1${String(k).padStart(3, '0')}`;
      return pedido(`P${k}`, em, [{ ...item(`P${k}-x`, 'chapa', 'pronto'), prontoEm: em }, item(`P${k}-r`, 'bar')]);
    });
    const aberto = pedido('aberto', '2026-11-28T09:00:00Z');
    const e = podar(estadoInicial([aberto, ...pedidos], 0), setores);
    expect(e.pedidos).toHaveLength(LIMITES_QUADRO.prontos + 1);
    expect(e.pedidos.some((p) => p._id === 'aberto')).toBe(true);
    expect(e.pedidos.some((p) => p._id === `P${LIMITES_QUADRO.prontos + 9}`)).toBe(true);
    expect(e.pedidos.some((p) => p._id === 'P0')).toBe(false);
  });
});
