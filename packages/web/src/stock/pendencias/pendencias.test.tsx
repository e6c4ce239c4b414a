import type { PendenciaEstoque, PendenciasEstoque } from '@retaguarda/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { geralStore } from '../../session/store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { entrarComo, sair } from '../../test/sessao.ts';
import { CartaoPendenciasEstoque } from './CartaoPendenciasEstoque.tsx';
import { PainelPendenciasEstoque } from './PainelPendenciasEstoque.tsx';
import { linksDaPendencia } from './pendenciasApi.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const naRota = (ui: ReactNode) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

const pendencia = (extra: Partial<PendenciaEstoque>): PendenciaEstoque => ({
  _id: 'p1',
  tipo: 'semFicha',
  produto: 'xis',
  codigo: '12',
  descricao: 'Xis bacon',
  unidade: 'UN',
  primeiraVendaEm: '2026-11-20T15:05:00.000Z',
  ultimaVendaEm: '2026-11-21T23:00:00.000Z',
  vendas: 3,
  quantidade: '3.5000',
  resolvida: false,
  fichaId: null,
  produtoEmpresaId: 'pe1',
  ...extra,
});

function responder(resposta: PendenciasEstoque) {
  const fetchMock = vi.fn(async (url: string) => (String(url).endsWith('/estoquePendencias') ? json(200, { valido: true, data: resposta }) : json(404, { valido: false, data: { message: 'não' } })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  entrarComo();
  geralStore.getState().patch({ empresa: { _id: 'e1', grupoEmpresarial: 'g1', nomeFantasia: 'Loja 1', razaoSocial: 'Loja 1 Ltda', cnpj: null, configuracoes: { callCenter: false, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null }, googleKeyApi: null, googleVersaoApi: null } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sair();
});

describe('stock pendências on the day dashboard', () => {
  it('says how many are open, in words, and links to the stock position where they are listed', async () => {
    responder({ abertas: 2, pendencias: [pendencia({}), pendencia({ _id: 'p2', tipo: 'semLocal', produto: '', descricao: null }), pendencia({ _id: 'p3', resolvida: true })] });
    await naRota(<CartaoPendenciasEstoque />);
    expect((await screen.findByTestId('dashboard-pendencias-estoque-texto')).textContent).toBe('2 pendências de estoque');
    expect(screen.getByTestId('dashboard-pendencias-estoque-link').getAttribute('href')).toBe('/relatorioEstoqueProduto');
  });

  it('one pendência in the singular; none open (fixed ones waiting to be posted included) shows no card', async () => {
    responder({ abertas: 1, pendencias: [pendencia({})] });
    await naRota(<CartaoPendenciasEstoque />);
    expect((await screen.findByTestId('dashboard-pendencias-estoque-texto')).textContent).toBe('1 pendência de estoque');
    cleanup();

    const fetchMock = responder({ abertas: 0, pendencias: [pendencia({ resolvida: true })] });
    await naRota(<CartaoPendenciasEstoque />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('dashboard-pendencias-estoque')).toBeNull();
  });

  it('a profile that sees no stock screen and not the dashboard asks nothing and shows nothing', async () => {
    entrarComo({ administrador: false, telas: { formaPagamento: ['ver'] }, pdv: [] });
    const fetchMock = responder({ abertas: 2, pendencias: [pendencia({})] });
    await naRota(<CartaoPendenciasEstoque />);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('dashboard-pendencias-estoque')).toBeNull();
  });
});

describe('stock pendências panel', () => {
  it('lists each with its cause, sales, quantity and period, and where to fix it; a fixed one offers posting or writing off', async () => {
    responder({
      abertas: 2,
      pendencias: [
        pendencia({}),
        pendencia({ _id: 'p2', tipo: 'semLocal', produto: '', codigo: null, descricao: null, unidade: null, vendas: 1, quantidade: '3.0000', primeiraVendaEm: '2026-11-20T15:05:00.000Z', ultimaVendaEm: '2026-11-20T16:00:00.000Z', produtoEmpresaId: null }),
        pendencia({ _id: 'p3', descricao: 'Pudim', codigo: null, vendas: 1, quantidade: '1.0000', resolvida: true, fichaId: 'f9' }),
      ],
    });
    await naRota(<PainelPendenciasEstoque />);
    const painel = await screen.findByTestId('estoque-pendencias');
    expect(painel.textContent).toContain('2 pendências de estoque');
    const linhas = screen.getAllByTestId('estoque-pendencia');
    expect(linhas.map((l) => l.querySelector('[data-testid="estoque-pendencia-nome"]')!.textContent)).toEqual(['12 - Xis bacon', 'Todos os produtos vendidos', 'Pudim']);
    expect(linhas.map((l) => l.querySelector('[data-testid="estoque-pendencia-detalhe"]')!.textContent)).toEqual(['3 vendas · 3,5 UN sem baixa · de 20/11/2026 a 21/11/2026', '1 venda · em 20/11/2026', '1 venda · 1 UN sem baixa · de 20/11/2026 a 21/11/2026']);
    expect(linhas[0]!.querySelector('[data-testid="estoque-pendencia-ficha"]')!.getAttribute('href')).toBe('/estoqueFichaTecnica?novo=1&paraProduto=xis');
    expect(linhas[0]!.querySelector('[data-testid="estoque-pendencia-ficha"]')!.textContent).toBe('Criar ficha técnica');
    expect(linhas[0]!.querySelector('[data-testid="estoque-pendencia-produto"]')!.getAttribute('href')).toBe('/produtoGeralEmpresa?editar=pe1');
    expect(linhas[1]!.querySelector('[data-testid="estoque-pendencia-local"]')!.getAttribute('href')).toBe('/estoqueCadastro?novo=1');
    expect(linhas[2]!.querySelector('[data-testid="estoque-pendencia-corrigida"]')).not.toBeNull();
    expect(linhas[2]!.querySelector('[data-testid="estoque-pendencia-reprocessar"]')!.textContent).toBe('Lançar o consumo');
    expect(linhas[2]!.querySelector('[data-testid="estoque-pendencia-ficha"]')).toBeNull();
  });

  it('links an inactive sheet to be opened, a product not sold in the company to a new product row', () => {
    expect(linksDaPendencia({ tipo: 'semFicha', produto: 'x', fichaId: 'f1', produtoEmpresaId: null })).toEqual({ ficha: '/estoqueFichaTecnica?editar=f1', produtoEmpresa: '/produtoGeralEmpresa?novo=1' });
  });
});
