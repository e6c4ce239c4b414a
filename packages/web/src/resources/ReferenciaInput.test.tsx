import { findRecurso } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { LIMITE_OPCOES } from './ReferenciaInput.tsx';

// pessoaConvenio points at pessoa: a group may have far more people than a picker loads at once.
const convenio = findRecurso('pessoaConvenio')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server with `total` people named 'Pessoa N', and one 'Açougue São Jorge Ltda' only a search finds. */
function servidor(total: number) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/pessoa/getPopulate')) {
      const body = JSON.parse(String(init?.body ?? '{}'));
      if (body.filtro?.busca) return json(200, { valido: true, data: /acougue/i.test(body.filtro.busca) ? [{ _id: 'acougue', nome: 'Açougue São Jorge Ltda' }] : [] });
      const pessoas = Array.from({ length: Math.min(total, body.limit) }, (_, i) => ({ _id: `p${i}`, nome: `Pessoa ${i}` }));
      return json(200, { valido: true, data: pessoas });
    }
    return json(200, { valido: true, data: [] });
  });
}

async function abrir(fetchMock: ReturnType<typeof servidor>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/c', element: <ResourceForm recurso={convenio} formulario={{ modo: 'novo' }} onClose={vi.fn()} /> }], { initialEntries: ['/c'] });
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
}

const buscas = (fetchMock: ReturnType<typeof servidor>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body ?? '{}'))).filter((b) => b.filtro?.busca).map((b) => b.filtro.busca as string);

describe('reference picker', () => {
  it('searches the server, accents ignored, when the target has more records than one page', async () => {
    const fetchMock = servidor(LIMITE_OPCOES + 1000);
    await abrir(fetchMock);
    const input = screen.getByTestId('campo-pessoa') as HTMLInputElement;
    await waitFor(() => expect(input.placeholder).not.toBe('Carregando opções…'));
    // Mantine takes a change of an unfocused input for autofill, not typing.
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'acougue sao' } });
    const opcao = await screen.findByRole('option', { name: 'Açougue São Jorge Ltda', hidden: true }, { timeout: 5000 });
    expect(buscas(fetchMock)).toContain('acougue sao');
    fireEvent.click(opcao);
    await waitFor(() => expect(input.value).toBe('Açougue São Jorge Ltda'));
  });

  it('filters the loaded page in the browser when it holds every record', async () => {
    const fetchMock = servidor(30);
    await abrir(fetchMock);
    const input = screen.getByTestId('campo-pessoa') as HTMLInputElement;
    await waitFor(() => expect(input.placeholder).not.toBe('Carregando opções…'));
    // Mantine takes a change of an unfocused input for autofill, not typing.
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'pessoa 2' } });
    expect(await screen.findByRole('option', { name: 'Pessoa 2', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Pessoa 3', hidden: true })).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(buscas(fetchMock)).toEqual([]);
  });
});
