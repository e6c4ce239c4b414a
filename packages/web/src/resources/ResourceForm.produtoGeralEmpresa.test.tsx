import { findRecurso } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { LIMITE_OPCOES } from './ReferenciaInput.tsx';
import { ResourceForm } from './ResourceForm.tsx';

const produtoGeralEmpresa = findRecurso('produtoGeralEmpresa')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A group with more products than one page of options: the server answers the search. */
function servidor() {
  const muitos = Array.from({ length: LIMITE_OPCOES }, (_, i) => ({ _id: `p${i}`, codigo: String(i + 1), descricao: `Produto ${i + 1}` }));
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/configuracaoImposto/getPopulate') || url.endsWith('/configuracaoImpostoFederal/getPopulate')) return json(200, { valido: true, data: [] });
    if (url.endsWith('/produtoGeral/getPopulate')) {
      const { filtro } = JSON.parse(String(init?.body ?? '{}')) as { filtro: { busca?: string } };
      if (filtro.busca) return json(200, { valido: true, data: filtro.busca === 'acai' ? [{ _id: 'acai', codigo: '19999', descricao: 'Açaí na tigela' }] : [] });
      return json(200, { valido: true, data: muitos });
    }
    return json(201, { valido: true, data: { _id: 'pe1' } });
  });
}

describe('produtoGeralEmpresa form', () => {
  it('finds a product beyond the first options through the server search, and sends price and stock exactly', async () => {
    const fetchMock = servidor();
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter([{ path: '/p', element: <ResourceForm recurso={produtoGeralEmpresa} formulario={{ modo: 'novo' }} onClose={vi.fn()} /> }], { initialEntries: ['/p'] });
    await renderWithProviders(<RouterProvider router={router} />);
    await screen.findByTestId('recurso-form');
    const produto = screen.getByTestId('campo-produtoGeral') as HTMLInputElement;
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/produtoGeral/getPopulate'))).toBe(true));
    // Typed by a person: the input has the focus (Mantine ignores writes to an unfocused input, like autofill).
    produto.focus();
    fireEvent.click(produto);
    fireEvent.change(produto, { target: { value: 'acai' } });
    fireEvent.click(await screen.findByRole('option', { name: '19999 - Açaí na tigela', hidden: true }));
    const buscou = fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/produtoGeral/getPopulate') && JSON.parse(String(init?.body)).filtro.busca === 'acai');
    expect(buscou).toBe(true);
    fireEvent.change(screen.getByTestId('campo-preco'), { target: { value: '18,90' } });
    fireEvent.change(screen.getByTestId('campo-custo'), { target: { value: '7,5' } });
    fireEvent.change(screen.getByTestId('campo-estoqueMinimo'), { target: { value: '0,35' } });
    fireEvent.blur(screen.getByTestId('campo-estoqueMinimo'));
    expect(screen.queryByTestId('campo-margem')).not.toBeNull();
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/produtoGeralEmpresa'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/produtoGeralEmpresa'))!;
    const corpo = JSON.parse(String(init!.body));
    expect(corpo).toMatchObject({ produtoGeral: 'acai', preco: 1890, custo: 750, estoqueMinimo: '0.350', modosVenda: ['Salão', 'Balcão', 'Delivery', 'Totem'], ativo: true });
    // Written by the server only: never sent.
    expect(corpo).not.toHaveProperty('margem');
  });
});
