import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { entrarComo, sair } from '../test/sessao.ts';
import ResourceScreen from './ResourceScreen.tsx';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  entrarComo();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sair();
});

async function montar(url: string, fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/unidadeMedida', handle: { name: 'unidadeMedida' }, element: <ResourceScreen /> }], { initialEntries: [url] });
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('generic resource screen', () => {
  it('says what to do first when the list is empty', async () => {
    await montar('/unidadeMedida', vi.fn(async () => json(200, { valido: true, data: [] }, { 'x-total-count': '0' })));
    expect(screen.getByTestId('recurso-titulo').textContent).toBe('Unidades de medida');
    const vazio = await screen.findByTestId('recurso-vazio');
    expect(vazio.textContent).toContain('Nenhuma unidade de medida cadastrada. Clique em Novo para cadastrar a primeira.');
  });

  it('lists records with formatted cells and sends one to the trash after a confirm whose focus is on OK', async () => {
    const registros = [
      { _id: 'u1', sigla: 'KG', descricao: 'Quilograma', fracionado: true, version: 1 },
      { _id: 'u2', sigla: 'UN', descricao: 'Unidade', fracionado: false, version: 1 },
    ];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'DELETE' ? json(200, { valido: true, data: { ...registros[0], lixo: true } }) : json(200, { valido: true, data: registros }, { 'x-total-count': '2' }),
    );
    const router = await montar('/unidadeMedida', fetchMock);
    const linhas = await screen.findAllByTestId('recurso-linha');
    expect(linhas).toHaveLength(2);
    expect(within(linhas[0]!).getByText('Sim')).toBeTruthy();
    expect(within(linhas[1]!).getByText('Não')).toBeTruthy();
    expect(screen.getByTestId('recurso-total').textContent).toBe('2 registros');

    fireEvent.click(within(linhas[0]!).getByTestId('recurso-acao-lixeira'));
    const ok = await screen.findByTestId('confirmar-ok');
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(ok);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/unidadeMedida/u1' && i?.method === 'DELETE')).toBe(true));

    fireEvent.click(within(linhas[1]!).getByTestId('recurso-acao-editar'));
    expect(router.state.location.search).toBe('?editar=u2');
    expect(await screen.findByTestId('recurso-form')).toBeTruthy();
  });

  it('shows a view-only profile neither Novo, Exportar, Lixeira nor row actions that change, and opens the form read-only', async () => {
    entrarComo({ administrador: false, telas: { unidadeMedida: ['ver'] }, pdv: [] });
    const registros = [{ _id: 'u1', sigla: 'KG', descricao: 'Quilograma', fracionado: true, version: 1 }];
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/unidadeMedida/u1' ? json(200, { valido: true, data: registros[0] }) : json(200, { valido: true, data: registros }, { 'x-total-count': '1' }),
    );
    const router = await montar('/unidadeMedida', fetchMock);
    const [linha] = await screen.findAllByTestId('recurso-linha');
    for (const id of ['recurso-novo', 'recurso-exportar', 'recurso-lixeira']) expect(screen.queryByTestId(id)).toBeNull();
    for (const id of ['recurso-acao-editar', 'recurso-acao-duplicar', 'recurso-acao-lixeira']) expect(within(linha!).queryByTestId(id)).toBeNull();
    fireEvent.click(within(linha!).getByTestId('recurso-acao-ver'));
    expect(router.state.location.search).toBe('?editar=u1');
    expect(await screen.findByTestId('recurso-somente-leitura')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('campo-sigla') as HTMLInputElement).value).toBe('KG'));
    expect(screen.getByTestId('campo-sigla').matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('recurso-salvar')).toBeNull();
  });

  it('with Criar only, offers Novo but neither editing nor the trash', async () => {
    entrarComo({ administrador: false, telas: { unidadeMedida: ['ver', 'criar'] }, pdv: [] });
    await montar('/unidadeMedida', vi.fn(async () => json(200, { valido: true, data: [] }, { 'x-total-count': '0' })));
    expect(await screen.findByTestId('recurso-vazio-novo')).toBeTruthy();
    expect(screen.getByTestId('recurso-novo')).toBeTruthy();
    expect(screen.queryByTestId('recurso-lixeira')).toBeNull();
  });
});
