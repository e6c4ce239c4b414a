import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import CriarCardapioPage from './CriarCardapioPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('menu builder preview', () => {
  it('says so when the preview cannot be built, instead of showing an older one as current', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/cardapio/vitrine')) return json(500, { valido: false, data: { message: 'Erro interno do servidor.' } });
        return json(200, { valido: true, data: [] });
      }),
    );
    const router = createMemoryRouter([{ path: '/criarCardapio', element: <CriarCardapioPage /> }], { initialEntries: ['/criarCardapio'] });
    await renderWithProviders(<RouterProvider router={router} />);
    const alerta = await screen.findByTestId('cardapio-previa-erro', undefined, { timeout: 5000 });
    expect(alerta.textContent).toBe('Não foi possível atualizar a prévia: Erro interno do servidor. A prévia abaixo é de uma versão anterior do rascunho.');
  });

  it('the Publicado view shows the published version as customers see it now, read from the live endpoint (what ran out is Esgotado), not the frozen copy', async () => {
    const item = { produto: 'pudim', descricao: 'Pudim', imagem: null, preco: 1490, complementos: [] };
    const registro = {
      _id: 'c1',
      version: 2,
      descricao: 'Sobremesas',
      canais: ['Salão'],
      secoes: [{ nome: 'Doces', descricao: '', produtos: ['pudim'] }],
      disponibilidade: [],
      ativo: true,
      situacao: 'Publicado',
      // The frozen copy knows nothing of stock.
      publicado: { versao: 1, publicadoEm: '2026-11-27T09:00:00.000Z', publicadoPor: 'Ana', assinatura: 'x', conteudo: { descricao: 'Sobremesas', canais: ['Salão'], disponibilidade: [], secoes: [{ nome: 'Doces', descricao: '', itens: [item] }] } },
      updated_at: '2026-11-27T09:00:00.000Z',
    };
    const aoVivo = { cardapio: 'c1', descricao: 'Sobremesas', ativo: true, canais: ['Salão'], disponibilidade: [], versao: 1, publicadoEm: registro.publicado.publicadoEm, secoes: [{ nome: 'Doces', descricao: '', itens: [{ ...item, disponivel: false, motivoIndisponivel: 'Esgotado' }] }] };
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/cardapio/c1/vitrine')) return json(200, { valido: true, data: aoVivo });
      if (url.endsWith('/cardapio/c1')) return json(200, { valido: true, data: registro });
      if (url.endsWith('/cardapio/vitrine')) return json(200, { valido: true, data: { secoes: [{ nome: 'Doces', descricao: '', itens: [{ ...item, disponivel: true, motivoIndisponivel: null }] }], pendencias: [] } });
      return json(200, { valido: true, data: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter([{ path: '/criarCardapio', element: <CriarCardapioPage /> }], { initialEntries: ['/criarCardapio?cardapio=c1'] });
    await renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByTestId('vitrine-item-Pudim').getAttribute('data-disponivel')).toBe('sim'), { timeout: 5000 });
    const lidas = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/cardapio/c1/vitrine')).length;
    expect(lidas()).toBe(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Publicado' }));
    await waitFor(() => expect(screen.getByTestId('vitrine-item-Pudim').getAttribute('data-disponivel')).toBe('nao'), { timeout: 5000 });
    expect(screen.getByTestId('vitrine-esgotado').textContent).toBe('Esgotado');
    expect(lidas()).toBe(1);
  });
});
