import { describe, expect, it, vi } from 'vitest';
import { carregarConfiguracao, type DependenciasCarga } from './carregar.ts';
import type { ContextoCarga } from './listas.ts';
import { carregarInfoImpostos, carregarProdutos, produtoGorjeta, produtoTaxaEntrega } from './produtos.ts';
import { criarConfiguracaoStore } from './store.ts';
import { apiFalsa, corpoDe, empresa, grupoEmpresarial, ok, recusa } from './teste.ts';

const ctx = (fetch: ReturnType<typeof apiFalsa>, extra: Partial<ContextoCarga> = {}): ContextoCarga => ({ empresa, grupoEmpresarial, fetch, ...extra });
const ROTA = 'POST /api/getListaProdutoGeralEmpresa';

const produto = (id: string, tipoProduto: string, extra: Record<string, unknown> = {}) => ({
  _id: `pe-${id}`,
  preco: 800,
  ativo: true,
  modosVenda: ['Delivery'],
  produtoGeral: { _id: id, codigo: id, descricao: `Produto ${id}`, tipoProduto, ativo: true, unidade: { _id: 'un', sigla: 'UN' } },
  ...extra,
});

describe('the products list of the configuration (SPEC.md §7 getListaProdutoGeralEmpresa)', () => {
  it('sends the body of SPEC.md §7 and keeps the products', async () => {
    const fetch = apiFalsa({ [ROTA]: ok([produto('1', 'normal')]) });
    expect(await carregarProdutos(ctx(fetch))).toEqual([produto('1', 'normal')]);
    expect(corpoDe(fetch, ROTA)).toEqual({
      empresa: 'emp-1',
      grupoEmpresarial: 'grupo-1',
      selectProdutoGeral: 'codigo gtin descricao descricaoCupom agrupador unidade tipoProduto ncm cest origem imagens complementos ativo',
      populateProdutoGeral: 'unidade',
      populateProdutoGeralEmpresa: 'configuracaoImposto impostoFederal',
      retornoModoVenda: true,
    });
  });

  it('says what failed with the messages of SPEC.md §8', async () => {
    await expect(carregarProdutos(ctx(apiFalsa(), { empresa: null }))).rejects.toThrow('Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!');
    await expect(carregarProdutos(ctx(apiFalsa({ [ROTA]: new TypeError('offline') })))).rejects.toThrow('Falha de comunicação ao tentar obter a lista de Lista de Produtos!');
    await expect(carregarProdutos(ctx(apiFalsa({ [ROTA]: recusa('Erro', 500) })))).rejects.toThrow(/^Falha de comunicação!$/);
    await expect(carregarProdutos(ctx(apiFalsa({ [ROTA]: recusa('Campo desconhecido em select: x') })))).rejects.toThrow('Falha ao obter Lista de Produtos! Campo desconhecido em select: x');
  });

  it('finds the special products by tipoProduto: the active delivery fee and tip', () => {
    const produtos = [produto('1', 'normal'), produto('2', 'Taxa Entrega', { ativo: false }), produto('3', 'Taxa Entrega'), produto('4', 'Gorjeta')];
    expect(produtoTaxaEntrega({ produtos })?._id).toBe('pe-3');
    expect(produtoGorjeta({ produtos })?._id).toBe('pe-4');
    expect(produtoGorjeta({ produtos: [produto('1', 'normal')] })).toBeNull();
  });

  it('tax info: olhoNoImposto/getPopulate with limit 20000, for the company’s UF', async () => {
    const fetch = apiFalsa({ 'POST /api/olhoNoImposto/getPopulate': ok([{ _id: 'i1', codigo: '22030000' }]) });
    expect(await carregarInfoImpostos(ctx(fetch), { _id: 'emp-1', endereco: { uf: 'SP' } })).toEqual([{ _id: 'i1', codigo: '22030000' }]);
    expect(corpoDe(fetch, 'POST /api/olhoNoImposto/getPopulate')).toEqual({ filtro: { uf: 'SP' }, limit: 20000 });
    const semUf = apiFalsa();
    await carregarInfoImpostos(ctx(semUf), null);
    expect(corpoDe(semUf, 'POST /api/olhoNoImposto/getPopulate')).toEqual({ limit: 20000 });
    await expect(carregarInfoImpostos(ctx(apiFalsa({ 'POST /api/olhoNoImposto/getPopulate': recusa('x') })), null)).rejects.toThrow('Falha ao obter Informações de Impostos! x');
  });

  it('loads with the rest of the configuration; a failure empties only this list and is reported', async () => {
    const store = criarConfiguracaoStore();
    const notificar = vi.fn();
    const deps: DependenciasCarga = { store, notificar, terminalDoComputador: () => null };
    const empresaPadrao = { ...empresa, endereco: { uf: 'MG' } };
    const fetch = apiFalsa({
      'POST /api/empresa/getPopulate': ok([empresaPadrao]),
      [ROTA]: ok([produto('1', 'normal'), produto('9', 'Gorjeta')]),
      'POST /api/olhoNoImposto/getPopulate': ok([{ _id: 'i1' }]),
    });
    await carregarConfiguracao(ctx(fetch), deps);
    expect(store.getState().produtos.map((p) => p._id)).toEqual(['pe-1', 'pe-9']);
    expect(produtoGorjeta(store.getState())?._id).toBe('pe-9');
    expect(store.getState().infoImpostos).toEqual([{ _id: 'i1' }]);
    expect(corpoDe(fetch, 'POST /api/olhoNoImposto/getPopulate')).toEqual({ filtro: { uf: 'MG' }, limit: 20000 });

    const falha = apiFalsa({ 'POST /api/empresa/getPopulate': ok([empresaPadrao]), [ROTA]: new TypeError('offline') });
    store.setState({ produtos: [produto('velho', 'normal')] });
    await carregarConfiguracao(ctx(falha), deps);
    expect(store.getState().produtos).toEqual([]);
    expect(notificar).toHaveBeenCalledWith('Falha de comunicação ao tentar obter a lista de Lista de Produtos!');
  });
});
