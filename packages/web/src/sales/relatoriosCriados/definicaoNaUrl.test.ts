import type { DefinicaoRelatorio } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { apagarDefinicao, escreverDefinicao, lerDefinicao } from './definicaoNaUrl.ts';

const completa: DefinicaoRelatorio = {
  conjunto: 'itensVendidos',
  colunas: ['canal', 'produto', 'quantidade', 'total'],
  filtros: [
    { dimensao: 'canal', valores: ['Salão', 'Delivery'] },
    { dimensao: 'produto', valores: ['a1b2:c3,d4&x=1'] },
    // Just added, no value picked yet: it stays on the screen after a reload.
    { dimensao: 'terminal', valores: [] },
  ],
  agrupamento: 'canal',
  ordenacao: [{ coluna: 'total', direcao: 'desc' }],
  incluirCancelados: true,
};

/** Through the address bar and back, as a reload or a copied link does. */
const viaUrl = (params: URLSearchParams) => new URLSearchParams(new URL(`http://x/relatoriosCriados?${params.toString()}`).search);

describe('the definition in the URL', () => {
  it('comes back the same after a round trip through the address, leaving the period and the open report alone', () => {
    const periodo = new URLSearchParams({ de: '2026-11-01', ate: '2026-11-20', canal: 'Balcão', relatorio: 'r1' });
    const url = viaUrl(escreverDefinicao(periodo, completa));
    expect(lerDefinicao(url)).toEqual(completa);
    expect(url.get('de')).toBe('2026-11-01');
    expect(url.getAll('canal')).toEqual(['Balcão']);
    expect(url.get('relatorio')).toBe('r1');
    const simples: DefinicaoRelatorio = { conjunto: 'vendas', colunas: ['dia', 'total'], filtros: [], agrupamento: null, ordenacao: [{ coluna: 'dia', direcao: 'asc' }], incluirCancelados: false };
    expect(lerDefinicao(viaUrl(escreverDefinicao(url, simples)))).toEqual(simples);
  });

  it('holds none without a data set, and none once cleared', () => {
    expect(lerDefinicao(new URLSearchParams('de=2026-11-01'))).toBeNull();
    const limpa = apagarDefinicao(escreverDefinicao(new URLSearchParams('de=2026-11-01'), completa));
    expect(limpa.toString()).toBe('de=2026-11-01');
    expect(lerDefinicao(limpa)).toBeNull();
  });

  it('drops from a hand-edited link what the data set does not declare', () => {
    expect(lerDefinicao(new URLSearchParams('conjunto=estoque&coluna=total'))).toBeNull();
    const lida = lerDefinicao(new URLSearchParams('conjunto=pagamentos&coluna=produto&coluna=total&coluna=total&filtro=produto&filtro=dia&subtotal=total&ordem=produto:asc&ordem=total:xyz'));
    expect(lida).toEqual({ conjunto: 'pagamentos', colunas: ['total'], filtros: [], agrupamento: null, ordenacao: [{ coluna: 'total', direcao: 'desc' }], incluirCancelados: false });
  });
});
