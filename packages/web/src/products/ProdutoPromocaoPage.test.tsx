import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { entrarComo, sair } from '../test/sessao.ts';
import ProdutoPromocaoPage from './ProdutoPromocaoPage.tsx';

const AVISO = 'Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo';
const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify({ valido: true, data: body }), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

const promocao = {
  _id: 'pr-1',
  descricao: 'Terça da pizza',
  tipo: 'Preço promocional',
  percentual: null,
  validoDe: '2026-11-01',
  validoAte: null,
  diasSemana: ['Terça'],
  horaInicio: null,
  horaFim: null,
  canais: ['Delivery'],
  produtos: [
    { produto: 'p-1', precoPromocional: 3990 },
    { produto: 'p-2', precoPromocional: 1990 },
  ],
  habilitado: true,
  lixo: false,
  version: 1,
};

/** The server: p-2 was moved to the trash after it was listed. */
function servidor(produtoVivo: (id: string) => boolean) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url === '/api/produtoPromocao/pr-1') return json(promocao);
    if (url === '/api/produtoPromocao/getPopulate') {
      if (body?.populate === 'produtos.produto') {
        return json([{ ...promocao, produtos: promocao.produtos.map((p) => ({ ...p, produto: { _id: p.produto, descricao: p.produto, lixo: !produtoVivo(p.produto) } })) }]);
      }
      return json([promocao], { 'x-total-count': '1' });
    }
    if (url === '/api/produtoGeral/getPopulate') {
      const ids: string[] = body?.filtro?._id?.$in ?? ['p-1', 'p-2'];
      return json(ids.filter((id) => body?.filtro?._id === undefined || produtoVivo(id)).map((id) => ({ _id: id, descricao: `Produto ${id}` })));
    }
    return json([]);
  });
}

async function montar(url: string, fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/produtoPromocao', handle: { name: 'produtoPromocao' }, element: <ProdutoPromocaoPage /> }], { initialEntries: [url] });
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => entrarComo());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sair();
});

// The form opens, loads the record and then asks which products are live: slow on a busy machine.
describe('promotions screen: the warning of SPEC.md §5', () => {
  it('on the list, word for word, naming the promotion to review, which opens its form', async () => {
    const router = await montar('/produtoPromocao', servidor((id) => id !== 'p-2'));
    const aviso = await screen.findByTestId('promocao-produtos-removidos');
    expect(screen.getByTestId('promocao-aviso-texto').textContent).toBe(AVISO);
    expect(aviso.textContent).toContain('Terça da pizza');
    fireEvent.click(screen.getByTestId('promocao-revisar'));
    expect(router.state.location.search).toBe('?editar=pr-1');
    const noFormulario = await screen.findByTestId('promocao-form-produtos-removidos', {}, { timeout: 8000 });
    expect(noFormulario.textContent).toContain(AVISO);
    expect(noFormulario.textContent).toContain('Remova ou troque o produto da linha 2 da lista de produtos.');
  });

  it('the form warning goes once the removed product’s row is removed', async () => {
    await montar('/produtoPromocao?editar=pr-1', servidor((id) => id !== 'p-2'));
    await screen.findByTestId('promocao-form-produtos-removidos');
    const remover = await screen.findAllByTestId('lista-produtos-remover');
    fireEvent.click(remover[1]!);
    await waitFor(() => expect(screen.queryByTestId('promocao-form-produtos-removidos')).toBeNull());
  });

  it('says nothing while every listed product exists', async () => {
    const fetchMock = servidor(() => true);
    await montar('/produtoPromocao?editar=pr-1', fetchMock);
    await screen.findAllByTestId('recurso-linha');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/produtoGeral/getPopulate' && String(i?.body).includes('$in'))).toBe(true));
    expect(screen.queryByTestId('promocao-produtos-removidos')).toBeNull();
    expect(screen.queryByTestId('promocao-form-produtos-removidos')).toBeNull();
  });
});
