import type { ApontamentoProducao } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { acoesDaOrdem, consumosAlterados, corpoDoFiltro, errosPorCampo, filtroDaUrl, formPedidoVazio, lerConsumo, montarPedido, progresso, restante } from './producao.ts';

const ap = (estornadoEm: string | null = null) => ({ estornadoEm }) as ApontamentoProducao;

describe('production screen logic', () => {
  it('reads the filters of the URL, 30 days around today by default, and drops unknown statuses', () => {
    expect(filtroDaUrl(new URLSearchParams(''), '2026-03-15')).toEqual({ status: [], de: '2026-02-13', ate: '2026-04-14', produto: null });
    const f = filtroDaUrl(new URLSearchParams('status=iniciada&status=pronta&status=planejada&de=2026-01-01&ate=2026-13&produto=p1'), '2026-03-15');
    expect(f).toEqual({ status: ['iniciada', 'planejada'], de: '2026-01-01', ate: '2026-04-14', produto: 'p1' });
    expect(corpoDoFiltro(f)).toEqual({ status: ['iniciada', 'planejada'], de: '2026-01-01', ate: '2026-04-14', produto: 'p1', limite: 1000 });
    expect(corpoDoFiltro({ ...f, status: [], produto: null })).toEqual({ de: '2026-01-01', ate: '2026-04-14', limite: 1000 });
  });

  it('tells progress and what is left with exact decimals, never past the plan', () => {
    expect(progresso('3.0000', '10.0000')).toBe(30);
    expect(progresso('0.3333', '1.0000')).toBe(33);
    expect(progresso('12.0000', '10.0000')).toBe(100);
    expect(progresso('1.0000', '0.0000')).toBe(0);
    expect(restante({ quantidadePlanejada: '10.0000', quantidadeProduzida: '7.2500' })).toBe('2.7500');
    expect(restante({ quantidadePlanejada: '10.0000', quantidadeProduzida: '12.0000' })).toBe('0.0000');
  });

  it('offers the actions the status allows: finish only with something produced, cancel only with nothing posted standing', () => {
    expect(acoesDaOrdem({ status: 'planejada', quantidadeProduzida: '0.0000', apontamentos: [] })).toEqual({ iniciar: true, apontar: true, finalizar: false, cancelar: true });
    expect(acoesDaOrdem({ status: 'iniciada', quantidadeProduzida: '3.0000', apontamentos: [ap()] })).toEqual({ iniciar: false, apontar: true, finalizar: true, cancelar: false });
    expect(acoesDaOrdem({ status: 'iniciada', quantidadeProduzida: '0.0000', apontamentos: [ap('2026-01-01T10:00:00Z')] })).toEqual({ iniciar: false, apontar: true, finalizar: false, cancelar: true });
    expect(acoesDaOrdem({ status: 'finalizada', quantidadeProduzida: '3.0000', apontamentos: [ap()] })).toEqual({ iniciar: false, apontar: false, finalizar: false, cancelar: false });
  });

  it('builds the new order from the form (Brazilian numbers and dates), or names the fields to fix', () => {
    const vazio = formPedidoVazio('2026-03-15');
    expect(vazio.data).toBe('15/03/2026');
    expect(montarPedido({ ...vazio, data: '31/02/2026' })).toEqual({
      erros: {
        produto: 'estoqueProducao.escolhaProduto',
        quantidade: 'estoqueProducao.quantidadeInvalida',
        localOrigem: 'estoqueProducao.escolhaLocal',
        localDestino: 'estoqueProducao.escolhaLocal',
        dataPlanejada: 'estoqueProducao.dataInvalida',
      },
    });
    const form = { ...vazio, produto: 'p', quantidade: '1.234,5', localOrigem: 'a', localDestino: 'b', data: '20/03/2026', observacao: '  ', localEmpresaDestino: 'x' };
    expect(montarPedido(form)).toEqual({
      pedido: { produto: 'p', quantidade: '1234.5', unidade: null, localOrigem: 'a', localDestino: 'b', dataPlanejada: '2026-03-20', observacao: null, empresaDestino: null, localEmpresaDestino: null },
    });
    expect(montarPedido({ ...form, empresaDestino: 'loja' })).toMatchObject({ pedido: { empresaDestino: 'loja', localEmpresaDestino: 'x' } });
    expect(montarPedido({ ...form, quantidade: '0' })).toEqual({ erros: { quantidade: 'estoqueProducao.quantidadeInvalida' } });
  });

  it('puts the server’s errors on their fields, an ingredient’s on its line', () => {
    expect(errosPorCampo({ localOrigem: 'a', 'consumos.1.quantidade': 'b', 'consumos.1.produto': 'c', 'x.y': 'd' })).toEqual({ localOrigem: 'a', 'consumos.1': 'b', x: 'd' });
    expect(errosPorCampo(undefined)).toEqual({});
  });

  it('sends only the consumption typed differently from the recipe (0 when not used), or marks the wrong lines', () => {
    expect(lerConsumo('0')).toBe('0');
    expect(lerConsumo('0,000')).toBe('0');
    expect(lerConsumo('1,25')).toBe('1.25');
    expect(lerConsumo('-1')).toBeNull();
    const linhas = [
      { produto: 'farinha', receita: '0.2700', real: '0,27' },
      { produto: 'ovo', receita: '0.9000', real: '' },
      { produto: 'queijo', receita: '0.2667', real: '0,3' },
      { produto: 'sal', receita: '0.0100', real: '0' },
    ];
    expect(consumosAlterados(linhas)).toEqual({ consumos: [{ produto: 'queijo', quantidade: '0.3' }, { produto: 'sal', quantidade: '0' }] });
    expect(consumosAlterados([...linhas, { produto: 'x', receita: '1.0000', real: 'um' }, { produto: 'y', receita: '1.0000', real: '1,23456' }])).toEqual({ erros: { 4: 'estoqueProducao.consumoInvalido', 5: 'estoqueProducao.consumoInvalido' } });
  });
});
