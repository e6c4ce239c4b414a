import { findRecurso, ID_CLIENTE_PADRAO } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { Formulario } from './listState.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const cidades: Record<string, { codigoIbge: string; nome: string; uf: string }[]> = {
  SP: [
    { codigoIbge: '3509502', nome: 'Campinas', uf: 'SP' },
    { codigoIbge: '3550308', nome: 'São Paulo', uf: 'SP' },
  ],
  RJ: [{ codigoIbge: '3304557', nome: 'Rio de Janeiro', uf: 'RJ' }],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API: municipalities by UF, one record for edit/duplicate, and whatever is saved. */
function servidor(registro?: Record<string, unknown>) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const uf = /municipios\?uf=(\w+)/.exec(String(url))?.[1];
    if (uf) return json(200, { valido: true, data: cidades[uf] ?? [] });
    if (!init?.method || init.method === 'GET') return json(200, { valido: true, data: registro });
    return json(201, { valido: true, data: { _id: 'novo', ...JSON.parse(String(init.body)) } });
  });
}

async function abrir(nome: string, formulario: Formulario, fetchMock = servidor()) {
  vi.stubGlobal('fetch', fetchMock);
  const recurso = findRecurso(nome)!;
  const router = createMemoryRouter([{ path: '/p', element: <ResourceForm recurso={recurso} formulario={formulario} onClose={vi.fn()} /> }], { initialEntries: ['/p'] });
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
  return fetchMock;
}

const campo = (nome: string) => screen.getByTestId(`campo-${nome}`) as HTMLInputElement;
const salvos = (fetchMock: ReturnType<typeof servidor>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

/** Opens a Mantine select and clicks the option. */
async function escolher(nome: string, opcao: string | RegExp) {
  fireEvent.click(campo(nome));
  fireEvent.click(await screen.findByRole('option', { name: opcao, hidden: true }));
}

describe('the pessoa form', () => {
  it('a Jurídica with a CNPJ and an address: UF, then a city searched without accents; the payload has the IBGE code', async () => {
    const fetchMock = await abrir('pessoa', { modo: 'novo' });
    await escolher('tipo', 'Jurídica');
    fireEvent.change(campo('nome'), { target: { value: 'Padaria Pão Quente Ltda' } });
    fireEvent.change(campo('cpfCnpj'), { target: { value: '11222333000181' } });
    expect(campo('cpfCnpj').value).toBe('11.222.333/0001-81');

    fireEvent.click(screen.getByTestId('lista-enderecos-adicionar'));
    const item = within(screen.getByTestId('lista-enderecos-linha'));
    expect(item.getByText('Item 1')).toBeTruthy();
    expect(campo('enderecos.0.cidade').disabled).toBe(true);
    fireEvent.change(campo('enderecos.0.cep'), { target: { value: '13015002' } });
    expect(campo('enderecos.0.cep').value).toBe('13015-002');
    fireEvent.change(campo('enderecos.0.logradouro'), { target: { value: 'Rua Barão de Jaguara' } });
    fireEvent.change(campo('enderecos.0.bairro'), { target: { value: 'Centro' } });
    await escolher('enderecos.0.uf', /^SP/);
    await waitFor(() => expect(campo('enderecos.0.cidade').disabled).toBe(false));
    // Mantine takes a change of an unfocused input for autofill, not typing.
    campo('enderecos.0.cidade').focus();
    fireEvent.click(campo('enderecos.0.cidade'));
    fireEvent.change(campo('enderecos.0.cidade'), { target: { value: 'sao pa' } });
    expect(await screen.findByRole('option', { name: 'São Paulo', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Campinas', hidden: true })).toBeNull();
    fireEvent.change(campo('enderecos.0.cidade'), { target: { value: 'camp' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Campinas', hidden: true }));
    expect(campo('enderecos.0.codigoMunicipio').value).toBe('3509502');

    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(salvos(fetchMock)).toHaveLength(1));
    expect(salvos(fetchMock)[0]).toMatchObject({
      tipo: 'Jurídica',
      nome: 'Padaria Pão Quente Ltda',
      cpfCnpj: '11222333000181',
      enderecos: [
        { tipo: 'Residencial', cep: '13015002', logradouro: 'Rua Barão de Jaguara', numero: 'S/N', bairro: 'Centro', uf: 'SP', cidade: 'Campinas', codigoMunicipio: '3509502' },
      ],
    });
  });

  it('another UF clears the city picked for the old one', async () => {
    await abrir('pessoa', { modo: 'novo' });
    fireEvent.click(screen.getByTestId('lista-enderecos-adicionar'));
    await escolher('enderecos.0.uf', /^SP/);
    await waitFor(() => expect(campo('enderecos.0.cidade').disabled).toBe(false));
    await escolher('enderecos.0.cidade', 'Campinas');
    expect(campo('enderecos.0.cidade').value).toBe('Campinas');
    await escolher('enderecos.0.uf', /^RJ/);
    await waitFor(() => expect(campo('enderecos.0.cidade').value).toBe(''));
    expect(campo('enderecos.0.codigoMunicipio').value).toBe('');
  });

  it('asks the birth date and sex of a Física only; a company is sent without them', async () => {
    const fetchMock = await abrir('pessoa', { modo: 'novo' });
    fireEvent.change(campo('nome'), { target: { value: 'Ana' } });
    fireEvent.change(campo('dataNascimento'), { target: { value: '19900520' } });
    await escolher('tipo', 'Jurídica');
    expect(screen.queryByTestId('campo-dataNascimento')).toBeNull();
    expect(screen.queryByTestId('campo-sexo')).toBeNull();
    fireEvent.change(campo('cpfCnpj'), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(salvos(fetchMock)).toHaveLength(1));
    expect(salvos(fetchMock)[0]).toMatchObject({ tipo: 'Jurídica', dataNascimento: null, sexo: null });
  });

  it('checks the CPF of a Física before sending, at the field', async () => {
    const fetchMock = await abrir('pessoa', { modo: 'novo' });
    fireEvent.change(campo('nome'), { target: { value: 'Ana' } });
    fireEvent.change(campo('cpfCnpj'), { target: { value: '52998224724' } });
    expect(campo('cpfCnpj').value).toBe('529.982.247-24');
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('CPF inválido.')).toBeTruthy();
    expect(salvos(fetchMock)).toHaveLength(0);
  });

  it('shows the default customer flag read-only and never sends it; a copy of the default customer is not one', async () => {
    const consumidor = { _id: ID_CLIENTE_PADRAO, nome: 'Consumidor', tipo: 'Física', clientePadrao: true, version: 1, enderecos: [], telefones: [], enderecosEletronicos: [] };
    const editar = await abrir('pessoa', { modo: 'editar', id: ID_CLIENTE_PADRAO }, servidor(consumidor));
    await waitFor(() => expect(campo('nome').value).toBe('Consumidor'));
    expect(campo('clientePadrao').checked).toBe(true);
    expect(campo('clientePadrao').disabled).toBe(true);
    fireEvent.change(campo('nome'), { target: { value: 'Consumidor final' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(salvos(editar)).toHaveLength(1));
    expect(salvos(editar)[0]).toMatchObject({ nome: 'Consumidor final', version: 1 });
    expect(salvos(editar)[0]).not.toHaveProperty('clientePadrao');
    cleanup();

    const fetchMock = await abrir('pessoa', { modo: 'novo', duplicar: ID_CLIENTE_PADRAO }, servidor(consumidor));
    await waitFor(() => expect(campo('nome').value).toBe('Consumidor'));
    expect(campo('clientePadrao').checked).toBe(false);
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(salvos(fetchMock)).toHaveLength(1));
    // The system's flag is never sent: the server decides it.
    expect(salvos(fetchMock)[0]).not.toHaveProperty('clientePadrao');
  });
});

describe('the pessoaConvenio form', () => {
  it('says plainly what it cannot do yet, and offers only juridical people as the company', async () => {
    const fetchMock = await abrir('pessoaConvenio', { modo: 'novo' });
    expect(screen.getByTestId('recurso-avisos').textContent).toContain(findRecurso('pessoaConvenio')!.avisos![0]);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('pessoa/getPopulate'))).toBe(true));
    const corpo = fetchMock.mock.calls.find(([url]) => String(url).includes('pessoa/getPopulate'))![1]!.body;
    expect(JSON.parse(String(corpo)).filtro).toEqual({ tipo: 'Jurídica', lixo: false });
  });
});
