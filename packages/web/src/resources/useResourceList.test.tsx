import { findRecurso } from '@retaguarda/domain';
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { useResourceList, type ResourceListController } from './useResourceList.ts';

const unidade = findRecurso('unidadeMedida')!;
const registros = [
  { _id: 'u1', sigla: 'KG', descricao: 'Quilograma', fracionado: true },
  { _id: 'u2', sigla: 'UN', descricao: 'Unidade', fracionado: false },
];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ valido: true, data: registros }), { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '120' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function montar(url: string) {
  const ref: { current: ResourceListController | null } = { current: null };
  function Sonda() {
    ref.current = useResourceList(unidade);
    return null;
  }
  const router = createMemoryRouter([{ path: '/unidadeMedida', element: <Sonda /> }], { initialEntries: [url] });
  await renderWithProviders(<RouterProvider router={router} />);
  return { ref, router, search: () => new URLSearchParams(router.state.location.search) };
}

const lastBody = () => JSON.parse((fetchMock.mock.calls.at(-1) as [string, RequestInit])[1].body as string);

describe('useResourceList', () => {
  it('reads its state from the URL and asks the server for that page', async () => {
    const { ref } = await montar('/unidadeMedida?busca=kg&fracionado=sim&ordenar=-descricao&pagina=2&lixo=1&editar=u1');
    expect(ref.current!.state).toEqual({
      busca: 'kg',
      filtros: { fracionado: 'sim' },
      ordem: { campo: 'descricao', direcao: 'desc' },
      pagina: 2,
      por: 50,
      lixo: true,
      formulario: { modo: 'editar', id: 'u1' },
    });
    await waitFor(() => expect(ref.current!.registros).toHaveLength(2));
    expect(ref.current!.total).toBe(120);
    expect(ref.current!.paginas).toBe(3);
    const [url] = fetchMock.mock.calls.at(-1) as [string];
    expect(url).toBe('/api/unidadeMedida/getPopulate');
    expect(lastBody()).toEqual({ filtro: { lixo: true, busca: 'kg', fracionado: true }, sort: { descricao: -1 }, limit: 50, skip: 50, colunas: true });
  });

  it('writes every action back to the URL, so reload and links keep it', async () => {
    const { ref, search } = await montar('/unidadeMedida');
    await act(async () => ref.current!.setBusca('quilo'));
    expect(search().get('busca')).toBe('quilo');
    await act(async () => ref.current!.setFiltro('fracionado', 'nao'));
    await act(async () => ref.current!.ordenarPor('descricao'));
    expect(search().get('ordenar')).toBe('descricao');
    await act(async () => ref.current!.ordenarPor('descricao'));
    expect(search().get('ordenar')).toBe('-descricao');
    await act(async () => ref.current!.setPagina(3));
    await act(async () => ref.current!.setLixo(true));
    // Changing the view goes back to page 1.
    expect(Object.fromEntries(search())).toEqual({ busca: 'quilo', fracionado: 'nao', ordenar: '-descricao', lixo: '1' });
    await act(async () => ref.current!.editar('u2'));
    expect(search().get('editar')).toBe('u2');
    await act(async () => ref.current!.fecharFormulario());
    expect(search().has('editar')).toBe(false);
    await act(async () => ref.current!.duplicar('u1'));
    expect(ref.current!.state.formulario).toEqual({ modo: 'novo', duplicar: 'u1' });
    await act(async () => ref.current!.novo());
    expect(Object.fromEntries(search())).toMatchObject({ novo: '1' });
    expect(search().has('duplicar')).toBe(false);
    await act(async () => ref.current!.limparFiltros());
    expect(Object.fromEntries(search())).toEqual({ ordenar: '-descricao', lixo: '1', novo: '1' });
    await waitFor(() => expect(lastBody().filtro).toEqual({ lixo: true }));
  });
  it('closing the form and searching before the guard lets the first navigation through keeps both', async () => {
    // The layout's loader (the guard) makes every navigation wait; here it waits until released.
    let soltar: () => void = () => {};
    let segurar = false;
    const ref: { current: ResourceListController | null } = { current: null };
    function Sonda() {
      ref.current = useResourceList(unidade);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/unidadeMedida',
          element: <Sonda />,
          // Shown until the loader's first run ends, as the app's layout does.
          hydrateFallbackElement: <p>Carregando…</p>,
          shouldRevalidate: () => true,
          loader: () => (segurar ? new Promise<null>((r) => (soltar = () => r(null))) : null),
        },
      ],
      { initialEntries: ['/unidadeMedida?novo=1'] },
    );
    await renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(ref.current?.state.formulario).toEqual({ modo: 'novo' }));
    segurar = true;
    act(() => ref.current!.fecharFormulario());
    // Shown at once, while the guard still holds the navigation.
    expect(ref.current!.state.formulario).toBeNull();
    act(() => ref.current!.setBusca('quilo'));
    expect(ref.current!.state.busca).toBe('quilo');
    segurar = false;
    await act(async () => soltar());
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('busca')).toBe('quilo');
    expect(search.has('novo')).toBe(false);
    expect(ref.current!.state.formulario).toBeNull();
  });
  it('a long page shows its first 100 rows first, then asks for the page; nothing to export until it has arrived', async () => {
    let soltar: () => void = () => {};
    const chegou = new Promise<void>((r) => (soltar = r));
    const linhas = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `u${i}`, sigla: `S${i}`, descricao: `Unidade ${i}`, fracionado: false }));
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const { limit } = JSON.parse(init.body as string) as { limit: number };
      if (limit > 100) await chegou;
      return new Response(JSON.stringify({ valido: true, data: linhas(limit > 100 ? 5000 : 100) }), { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '5000' } });
    });
    const { ref } = await montar('/unidadeMedida?por=todos');
    await waitFor(() => expect(ref.current!.registros).toHaveLength(100));
    expect([ref.current!.parcial, ref.current!.total]).toEqual([true, 5000]);
    // The first rows alone, then the page: one statement at a time on the embedded database, the short one first.
    const limites = () => fetchMock.mock.calls.map((c) => (JSON.parse((c[1] as RequestInit).body as string) as { limit: number }).limit);
    await waitFor(() => expect(limites()).toEqual([100, 20000]));
    soltar();
    await waitFor(() => expect(ref.current!.registros).toHaveLength(5000));
    expect(ref.current!.parcial).toBe(false);
  });
});
