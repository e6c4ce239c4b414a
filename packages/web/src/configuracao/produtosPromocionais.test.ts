import { describe, expect, it, vi } from 'vitest';
import { carregarConfiguracao } from './carregar.ts';
import type { ContextoCarga } from './listas.ts';
import { carregarProdutosCombo, carregarProdutosPromocao, temProdutoRemovido } from './produtosPromocionais.ts';
import { criarConfiguracaoStore } from './store.ts';
import { apiFalsa, corpoDe, empresa, grupoEmpresarial, ok, recusa } from './teste.ts';

const ctx = (fetch: ReturnType<typeof apiFalsa>, extra: Partial<ContextoCarga> = {}): ContextoCarga => ({ empresa, grupoEmpresarial, fetch, ...extra });

describe('combo products and promotion products (SPEC.md §3, §7)', () => {
  it('produtoCombo/getPopulate: enabled, sorted by desconto descending, populating agrupadores.produtos', async () => {
    const combos = [{ _id: 'c-1', desconto: '12.50', agrupadores: [{ produtos: [{ _id: 'p-1', descricao: 'X-Burger' }] }] }];
    const fetch = apiFalsa({ 'POST /api/produtoCombo/getPopulate': ok(combos) });
    expect(await carregarProdutosCombo(ctx(fetch))).toEqual(combos);
    expect(corpoDe(fetch, 'POST /api/produtoCombo/getPopulate')).toEqual({
      filtro: { empresa: 'emp-1', habilitado: true, lixo: false },
      sort: { desconto: -1 },
      populate: 'agrupadores.produtos',
      limit: 20000,
    });
  });

  it('produtoPromocao/getPopulate: enabled, populating produtos.produto', async () => {
    const fetch = apiFalsa();
    await carregarProdutosPromocao(ctx(fetch));
    expect(corpoDe(fetch, 'POST /api/produtoPromocao/getPopulate')).toEqual({ filtro: { empresa: 'emp-1', habilitado: true, lixo: false }, populate: 'produtos.produto', limit: 20000 });
  });

  it('says which list failed and why (SPEC.md §8)', async () => {
    const casos = [
      [carregarProdutosCombo, 'produtoCombo', 'Produtos Combo'],
      [carregarProdutosPromocao, 'produtoPromocao', 'Produtos Promoção'],
    ] as const;
    for (const [carregar, recurso, lista] of casos) {
      const rota = `POST /api/${recurso}/getPopulate`;
      await expect(carregar(ctx(apiFalsa(), { empresa: null }))).rejects.toThrow(`Falha ao capturar ${lista}, configuracoes.empresa esta indefinido!`);
      await expect(carregar(ctx(apiFalsa({ [rota]: new TypeError('offline') })))).rejects.toThrow(/^Falha de comunicação!$/);
      await expect(carregar(ctx(apiFalsa({ [rota]: recusa('Erro', 500) })))).rejects.toThrow(/^Falha de comunicação!$/);
      await expect(carregar(ctx(apiFalsa({ [rota]: recusa('Campo desconhecido em sort: desconto') })))).rejects.toThrow(`Falha ao obter ${lista}! Campo desconhecido em sort: desconto`);
    }
  });

  it('finds a listed product that was deleted (null) or trashed', () => {
    expect(temProdutoRemovido([{ _id: 'a', produtos: [{ produto: { _id: 'p', lixo: false } }] }])).toBe(false);
    expect(temProdutoRemovido([{ _id: 'a', produtos: [{ produto: null }] }])).toBe(true);
    expect(temProdutoRemovido([{ _id: 'a', produtos: [{ produto: { _id: 'p', lixo: true } }] }])).toBe(true);
    expect(temProdutoRemovido([{ _id: 'a' }])).toBe(false);
  });
});

describe('loaded with the configuration', () => {
  const montar = (promocoes: unknown[]) => {
    const fetch = apiFalsa({
      'POST /api/produtoCombo/getPopulate': ok([{ _id: 'c-1' }]),
      'POST /api/produtoPromocao/getPopulate': ok(promocoes),
    });
    const store = criarConfiguracaoStore();
    const notificar = vi.fn();
    return { fetch, store, notificar, deps: { store, notificar, terminalDoComputador: () => null } };
  };

  it('fills both lists; a promotion whose product is gone keeps loading and warns with SPEC.md §5’s words', async () => {
    const promocoes = [{ _id: 'pr-1', produtos: [{ produto: { _id: 'p-1', lixo: false } }, { produto: null }] }];
    const { fetch, store, notificar, deps } = montar(promocoes);
    await carregarConfiguracao({ empresa, grupoEmpresarial, fetch }, deps);
    expect(store.getState()).toMatchObject({ produtosCombo: [{ _id: 'c-1' }], produtosPromocao: promocoes });
    expect(notificar).toHaveBeenCalledWith('Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo');
  });

  it('says nothing while every listed product exists', async () => {
    const { fetch, store, notificar, deps } = montar([{ _id: 'pr-1', produtos: [{ produto: { _id: 'p-1', lixo: false } }] }]);
    await carregarConfiguracao({ empresa, grupoEmpresarial, fetch }, deps);
    expect(store.getState().produtosPromocao).toHaveLength(1);
    expect(notificar.mock.calls.map(([m]) => m)).not.toContain('Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo');
  });
});
