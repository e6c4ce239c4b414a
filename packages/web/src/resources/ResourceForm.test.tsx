import { findRecurso, mensagens, type RecursoDef } from '@retaguarda/domain';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { Formulario } from './listState.ts';

const unidade = findRecurso('unidadeMedida')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function abrir(formulario: Formulario, fetchMock = vi.fn(async () => json(200, { valido: true, data: {} })), recurso: RecursoDef = unidade) {
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/unidadeMedida', element: <ResourceForm recurso={recurso} formulario={formulario} onClose={onClose} /> },
      { path: '/outra', element: <p>outra tela</p> },
    ],
    { initialEntries: ['/unidadeMedida'] },
  );
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
  return { fetchMock, onClose, router };
}

const produto = {
  ...unidade,
  nome: 'produtoTeste',
  schema: z.object({ descricao: z.string().min(1), preco: z.number().int().min(0), custo: z.number().int().nullable().default(null) }),
  campos: { descricao: { rotulo: 'Descrição', tipo: 'texto' }, preco: { rotulo: 'Preço', tipo: 'dinheiro' }, custo: { rotulo: 'Custo', tipo: 'dinheiro' } },
  colunas: ['descricao', 'preco'],
  unicos: [],
} as unknown as RecursoDef;

const campo = (nome: string) => screen.getByTestId(`campo-${nome}`) as HTMLInputElement;

describe('resource form', () => {
  it('renders every field of the declaration with its label and type', async () => {
    await abrir({ modo: 'novo' });
    for (const [nome, def] of Object.entries(unidade.campos)) {
      expect(campo(nome)).toBeTruthy();
      expect(screen.getByLabelText(new RegExp(`^${def.rotulo}\\s*\\*?$`))).toBe(campo(nome));
    }
    expect(campo('fracionado').type).toBe('checkbox');
    expect(campo('fracionado').checked).toBe(false);
    expect(screen.getByText(unidade.campos.sigla!.ajuda!)).toBeTruthy();
    expect(screen.getByText('Nova unidade de medida')).toBeTruthy();
  });

  it('validates with the declaration schema: an empty sigla shows its message and nothing is sent', async () => {
    const { fetchMock } = await abrir({ modo: 'novo' });
    fireEvent.change(campo('descricao'), { target: { value: 'Quilograma' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('Informe a sigla.')).toBeTruthy();
    expect(campo('sigla').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(campo('sigla'), { target: { value: 'abcdefgh' } });
    fireEvent.keyDown(campo('sigla'), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('A sigla tem no máximo 6 caracteres.')).toBeTruthy();
  });

  it('sends the parsed values; server field errors show next to the field and the input stays', async () => {
    const fetchMock = vi.fn(async () => json(409, { valido: false, data: { message: 'Já existe uma unidade com esta sigla.', campos: { sigla: 'Já existe uma unidade com esta sigla.' } } }));
    const { onClose } = await abrir({ modo: 'novo' }, fetchMock);
    fireEvent.change(campo('sigla'), { target: { value: ' kg ' } });
    fireEvent.change(campo('descricao'), { target: { value: 'Quilograma' } });
    fireEvent.click(campo('fracionado'));
    fireEvent.keyDown(campo('descricao'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/unidadeMedida');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ sigla: 'KG', descricao: 'Quilograma', fracionado: true });
    expect(await screen.findAllByText('Já existe uma unidade com esta sigla.')).not.toHaveLength(0);
    expect(campo('sigla').getAttribute('aria-invalid')).toBe('true');
    expect(campo('sigla').value).toBe(' kg ');
    expect(campo('descricao').value).toBe('Quilograma');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('points a duplicate refused by the server (409 without campos) at the unique field', async () => {
    const duplicado = "Já existe Unidade de medida com Sigla 'KG'.";
    const fetchMock = vi.fn(async () => json(409, { valido: false, data: { message: duplicado } }));
    await abrir({ modo: 'novo' }, fetchMock);
    fireEvent.change(campo('sigla'), { target: { value: 'KG' } });
    fireEvent.change(campo('descricao'), { target: { value: 'Outro quilo' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText(duplicado)).toBeTruthy();
    expect(campo('sigla').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('recurso-form-erro').textContent).toContain('Corrija os campos destacados.');
    expect(screen.queryByTestId('recurso-recarregar')).toBeNull();
  });

  it('refuses a stale edit with the server message and offers to reload the record', async () => {
    let versao = 3;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return json(409, { valido: false, data: { message: mensagens.versaoDesatualizada } });
      return json(200, { valido: true, data: { _id: 'u1', sigla: 'KG', descricao: versao === 3 ? 'Quilo' : 'Quilograma', fracionado: true, version: versao } });
    });
    await abrir({ modo: 'editar', id: 'u1' }, fetchMock as never);
    await waitFor(() => expect(campo('descricao').value).toBe('Quilo'));
    fireEvent.change(campo('descricao'), { target: { value: 'Quilo (editado)' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText(mensagens.versaoDesatualizada)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(put[0]).toBe('/api/unidadeMedida/u1');
    expect(JSON.parse(put[1]!.body as string)).toMatchObject({ descricao: 'Quilo (editado)', version: 3 });
    expect(campo('descricao').value).toBe('Quilo (editado)');
    versao = 4;
    fireEvent.click(screen.getByTestId('recurso-recarregar'));
    await waitFor(() => expect(campo('descricao').value).toBe('Quilograma'));
    expect(screen.queryByText(mensagens.versaoDesatualizada)).toBeNull();
  });

  it('asks before closing a form with unsaved input', async () => {
    const { onClose } = await abrir({ modo: 'novo' });
    fireEvent.click(screen.getByTestId('recurso-cancelar'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(campo('sigla'), { target: { value: 'CX' } });
    fireEvent.click(screen.getByTestId('recurso-cancelar'));
    expect(await screen.findByTestId('descartar-ok')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('descartar-ok'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('types money as text and sends integer centavos; a malformed amount is refused at the field', async () => {
    const fetchMock = vi.fn(async () => json(200, { valido: true, data: { _id: 'p1' } }));
    const { onClose } = await abrir({ modo: 'novo' }, fetchMock, produto);
    fireEvent.change(campo('descricao'), { target: { value: 'Pão de queijo' } });
    fireEvent.change(campo('preco'), { target: { value: '1,234' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('Valor inválido. Use o formato 1.234,56.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(campo('preco'), { target: { value: '1.234,5' } });
    fireEvent.blur(campo('preco'));
    expect(campo('preco').value).toBe('1.234,50');
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ descricao: 'Pão de queijo', preco: 123450, custo: null });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('duplicates: starts from the copied record and creates a new one', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(201, { valido: true, data: { _id: 'u9' } })
        : json(200, { valido: true, data: { _id: 'u1', sigla: 'KG', descricao: 'Quilograma', fracionado: true, version: 7 } }),
    );
    await abrir({ modo: 'novo', duplicar: 'u1' }, fetchMock as never);
    expect(screen.getByText('Duplicar unidade de medida')).toBeTruthy();
    await waitFor(() => expect(campo('descricao').value).toBe('Quilograma'));
    expect(campo('fracionado').checked).toBe(true);
    fireEvent.change(campo('sigla'), { target: { value: 'KG2' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(post[0]).toBe('/api/unidadeMedida');
    expect(JSON.parse(post[1]!.body as string)).toEqual({ sigla: 'KG2', descricao: 'Quilograma', fracionado: true });
  });

  it('asks before leaving the screen with unsaved input', async () => {
    const { router } = await abrir({ modo: 'novo' });
    fireEvent.change(campo('sigla'), { target: { value: 'CX' } });
    await act(() => router.navigate('/outra'));
    expect(router.state.location.pathname).toBe('/unidadeMedida');
    fireEvent.click(await screen.findByTestId('descartar-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/outra'));
  });
});
