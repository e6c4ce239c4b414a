import { findRecurso } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { Formulario } from './listState.ts';

// The real declaration: complementos is a lista whose items hold a lista of options.
const produtoGeral = findRecurso('produtoGeral')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function servidor(registro?: Record<string, unknown>) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/unidadeMedida/getPopulate')) return json(200, { valido: true, data: [{ _id: 'un', sigla: 'UN', descricao: 'Unidade' }] });
    if (url.endsWith('/agrupador/getPopulate')) return json(200, { valido: true, data: [{ _id: 'ag', descricao: 'Lanches' }] });
    if (url.endsWith('/produtoGeral/getPopulate')) return json(200, { valido: true, data: [{ _id: 'bacon', descricao: 'Bacon extra' }] });
    if (init?.method === 'GET' && registro) return json(200, { valido: true, data: registro });
    return json(201, { valido: true, data: { _id: 'p1' } });
  });
}

async function abrir(formulario: Formulario, fetchMock: ReturnType<typeof servidor>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/p', element: <ResourceForm recurso={produtoGeral} formulario={formulario} onClose={vi.fn()} /> }], { initialEntries: ['/p'] });
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
}

const campo = (nome: string) => screen.getByTestId(`campo-${nome}`) as HTMLInputElement;
const corpoSalvo = (fetchMock: ReturnType<typeof servidor>) => {
  const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && !String(url).endsWith('/getPopulate'))!;
  return JSON.parse(call[1]!.body as string);
};

// Many inputs to fill: slower than the default 5 s on a busy machine.
describe('produtoGeral form: modifier groups with their options', () => {
  it('adds a group and its options (a product of the catalogue, or a description with an extra price in reais)', async () => {
    const fetchMock = servidor();
    await abrir({ modo: 'novo' }, fetchMock);
    fireEvent.change(campo('descricao'), { target: { value: 'X-burger' } });
    fireEvent.click(campo('unidade'));
    fireEvent.click(await screen.findByRole('option', { name: 'Unidade', hidden: true }));

    fireEvent.click(screen.getByTestId('lista-complementos-adicionar'));
    fireEvent.change(campo('complementos.0.nome'), { target: { value: 'Adicionais' } });
    fireEvent.change(campo('complementos.0.maximo'), { target: { value: '2' } });
    const adicionarOpcao = screen.getByTestId('lista-complementos.0.itens-adicionar');
    fireEvent.click(adicionarOpcao);
    fireEvent.click(campo('complementos.0.itens.0.produto'));
    fireEvent.click(await screen.findByRole('option', { name: 'Bacon extra', hidden: true }));
    fireEvent.change(campo('complementos.0.itens.0.precoAdicional'), { target: { value: '4,50' } });
    fireEvent.click(adicionarOpcao);
    expect(screen.getAllByTestId('lista-complementos.0.itens-linha')).toHaveLength(2);
    fireEvent.change(campo('complementos.0.itens.1.descricao'), { target: { value: 'Cebola caramelizada' } });
    fireEvent.change(campo('complementos.0.itens.1.precoAdicional'), { target: { value: '2' } });

    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && !String(url).endsWith('/getPopulate'))).toBe(true));
    expect(corpoSalvo(fetchMock)).toMatchObject({
      descricao: 'X-burger',
      unidade: 'un',
      gtin: 'SEM GTIN',
      tipoProduto: 'normal',
      complementos: [
        {
          nome: 'Adicionais',
          minimo: 0,
          maximo: 2,
          itens: [
            { produto: 'bacon', descricao: '', precoAdicional: 450 },
            { produto: null, descricao: 'Cebola caramelizada', precoAdicional: 200 },
          ],
        },
      ],
    });
  });

  it('shows the rules of a group at the option and at the maximum, and sends nothing', async () => {
    const fetchMock = servidor();
    await abrir({ modo: 'novo' }, fetchMock);
    fireEvent.change(campo('descricao'), { target: { value: 'Pizza' } });
    fireEvent.click(campo('unidade'));
    fireEvent.click(await screen.findByRole('option', { name: 'Unidade', hidden: true }));
    fireEvent.click(screen.getByTestId('lista-complementos-adicionar'));
    fireEvent.change(campo('complementos.0.nome'), { target: { value: 'Sabores' } });
    fireEvent.change(campo('complementos.0.minimo'), { target: { value: '3' } });
    fireEvent.change(campo('complementos.0.maximo'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('lista-complementos.0.itens-adicionar'));
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('O máximo não pode ser menor que o mínimo.')).toBeTruthy();
    expect(screen.getByText('Escolha um produto ou informe a descrição da opção.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && !String(init.body).includes('filtro'))).toBe(false);
  });

  it('an existing product shows its groups and options in editing shape', async () => {
    const registro = {
      _id: 'p1',
      version: 1,
      codigo: '7',
      descricao: 'X-burger',
      unidade: 'un',
      gtin: '7891000315507',
      complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, itens: [{ produto: null, descricao: 'Ao ponto', precoAdicional: 150 }] }],
    };
    await abrir({ modo: 'editar', id: 'p1' }, servidor(registro));
    await waitFor(() => expect(campo('complementos.0.itens.0.descricao').value).toBe('Ao ponto'));
    expect(campo('complementos.0.itens.0.precoAdicional').value).toBe('1,50');
    expect(campo('complementos.0.nome').value).toBe('Ponto');
  });
});
