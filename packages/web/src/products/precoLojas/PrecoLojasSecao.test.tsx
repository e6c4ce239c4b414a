import { findRecurso } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceForm } from '../../resources/ResourceForm.tsx';
import { geralStore } from '../../session/store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OndeVendeDoProduto, PrecoLojasSecao } from './PrecoLojasSecao.tsx';

const produtoGeral = findRecurso('produtoGeral')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const LOJAS = [
  {
    _id: 'centro',
    nome: 'Loja Centro',
    impostosEstaduais: [{ _id: 'icms18', descricao: 'Tributado 18%' }],
    impostosFederais: [],
    produtoEmpresa: { _id: 'pe1', preco: 4990, modosVenda: ['Salão'], configuracaoImposto: null, impostoFederal: null, ativo: true },
  },
  { _id: 'shopping', nome: 'Loja Shopping', impostosEstaduais: [], impostosFederais: [], produtoEmpresa: null },
];

// The section is offered to who may create or edit Produtos da empresa: here an administrator.
const ADMIN = { _id: 'u1', nome: 'Admin', login: 'admin@demo.com.br', email: 'admin@demo.com.br', atribuicaoSistema: 'Administrador', administrador: true, permissoes: { administrador: true, telas: {}, pdv: [] } };
beforeEach(() => geralStore.getState().patch({ usuario: ADMIN }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function servidor(resposta: (corpo: Record<string, unknown>) => Response = () => json(201, { valido: true, data: { _id: 'p1' } })) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/precoLojas')) return json(200, { valido: true, data: LOJAS });
    if (url.endsWith('/unidadeMedida/getPopulate')) return json(200, { valido: true, data: [{ _id: 'un', sigla: 'UN', descricao: 'Unidade' }] });
    if (url.endsWith('/getPopulate')) return json(200, { valido: true, data: [] });
    if (init?.method === 'GET') return json(200, { valido: true, data: { _id: 'p1', descricao: 'Pizza', unidade: 'un', version: 3, lixo: false } });
    return resposta(JSON.parse(String(init?.body ?? '{}')));
  });
}

async function abrir(caminho: string, formulario: Parameters<typeof ResourceForm>[0]['formulario'], fetchMock: ReturnType<typeof servidor>) {
  vi.stubGlobal('fetch', fetchMock);
  const elemento = <ResourceForm recurso={produtoGeral} formulario={formulario} onClose={vi.fn()} extra={(form) => <PrecoLojasSecao form={form} />} aviso={(form) => <OndeVendeDoProduto form={form} />} />;
  const router = createMemoryRouter([{ path: '/produtoGeral', element: elemento }], { initialEntries: [caminho] });
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
}
const salvo = (fetchMock: ReturnType<typeof servidor>) => {
  const call = fetchMock.mock.calls.find(([url, init]) => (init?.method === 'POST' || init?.method === 'PUT') && !String(url).endsWith('/getPopulate'));
  return call ? JSON.parse(call[1]!.body as string) : undefined;
};

describe('Preço nas lojas in the product form', () => {
  it('sends the chosen stores, the price in centavos and a store’s own ICMS with the product', async () => {
    const fetchMock = servidor();
    await abrir('/produtoGeral?novo=1', { modo: 'novo' }, fetchMock);
    fireEvent.change(screen.getByTestId('campo-descricao'), { target: { value: 'Pizza' } });
    fireEvent.click(screen.getByTestId('campo-unidade'));
    fireEvent.click(await screen.findByRole('option', { name: 'Unidade', hidden: true }));
    const secao = await screen.findByTestId('preco-lojas');
    fireEvent.click(within(secao).getByLabelText('Escolher lojas'));
    fireEvent.click(within(secao).getByLabelText('Loja Centro'));
    fireEvent.click(within(secao).getByLabelText('Loja Shopping'));
    fireEvent.change(screen.getByTestId('campo-lojas.preco'), { target: { value: '59,90' } });
    const [icmsCentro] = screen.getAllByTestId('preco-lojas-configuracaoImposto');
    fireEvent.click(icmsCentro!);
    fireEvent.click(await screen.findByRole('option', { name: 'Tributado 18%', hidden: true }));
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(salvo(fetchMock)).toBeDefined());
    expect(salvo(fetchMock)).toMatchObject({
      descricao: 'Pizza',
      lojas: { empresas: ['centro', 'shopping'], preco: 5990, impostos: { centro: { configuracaoImposto: 'icms18', impostoFederal: null }, shopping: { configuracaoImposto: null, impostoFederal: null } } },
    });
  });

  it('is not offered to a user without rights on Produtos da empresa', async () => {
    geralStore.getState().patch({ usuario: { ...ADMIN, administrador: false, permissoes: { administrador: false, telas: { produtoGeral: ['ver', 'criar'] }, pdv: [] } } });
    await abrir('/produtoGeral?novo=1', { modo: 'novo' }, servidor());
    await screen.findByTestId('campo-descricao');
    expect(screen.queryByTestId('preco-lojas')).toBeNull();
    expect(screen.queryByText('Carregando as lojas…')).toBeNull();
  });

  it('sends no lojas when left at Não alterar, and shows the server’s refusal at the price', async () => {
    const recusa = { message: 'Preço nas lojas: O preço não pode ser negativo.', campos: { 'lojas.preco': 'O preço não pode ser negativo.' } };
    // Refuses only a save with stores: the first one (none) is accepted and closes nothing here (onClose is a mock).
    const fetchMock = servidor((corpo) => (corpo.lojas ? json(400, { valido: false, data: recusa }) : json(200, { valido: true, data: { _id: 'p1', descricao: corpo.descricao, unidade: 'un', version: 4, lixo: false } })));
    await abrir('/produtoGeral?editar=p1', { modo: 'editar', id: 'p1' }, fetchMock);
    // An existing product says where it is sold and at what price.
    const linha = await screen.findByTestId('onde-vende-linha');
    expect(linha.textContent).toContain('Loja Centro');
    expect(linha.textContent).toMatch(/R\$\s?49,90/);
    fireEvent.change(screen.getByTestId('campo-descricao'), { target: { value: 'Pizza grande' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(salvo(fetchMock)).toBeDefined());
    expect(salvo(fetchMock).lojas).toBeUndefined();
    expect(screen.queryByText('O preço não pode ser negativo.')).toBeNull();

    fireEvent.click(within(screen.getByTestId('preco-lojas')).getByLabelText('Todas as lojas'));
    fireEvent.change(screen.getByTestId('campo-lojas.preco'), { target: { value: '-1,00' } });
    fetchMock.mockClear();
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('O preço não pode ser negativo.')).toBeTruthy();
    expect(salvo(fetchMock).lojas).toMatchObject({ empresas: 'todas', preco: -100 });
  });
});
