import { findRecurso, type Campo, type RecursoDef } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { CampoInput } from './CampoInput.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { CampoComItens } from './formValues.ts';
import type { Formulario } from './listState.ts';

const unidade = findRecurso('unidadeMedida')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Test-only declaration: a person with a document, a birth date and lists of addresses and phones.
const enderecos: CampoComItens = {
  rotulo: 'Endereços',
  tipo: 'lista',
  itens: { cep: { rotulo: 'CEP', tipo: 'cep' }, numero: { rotulo: 'Número', tipo: 'texto' }, principal: { rotulo: 'Principal', tipo: 'booleano' } },
};
const telefones: CampoComItens = { rotulo: 'Telefones', tipo: 'lista', itens: { numero: { rotulo: 'Telefone', tipo: 'telefone' } } };
const pessoa = {
  ...unidade,
  nome: 'pessoaTeste',
  schema: z.object({
    nome: z.string().min(1),
    tipo: z.enum(['Física', 'Jurídica']).default('Jurídica'),
    documento: z.string().regex(/^[0-9A-Z]{12}\d{2}$|^\d{11}$/, 'Documento inválido.'),
    nascimento: z.string().nullable().default(null),
    enderecos: z.array(z.object({ cep: z.string().regex(/^\d{8}$/, 'CEP inválido.'), numero: z.string().default('S/N'), principal: z.boolean().default(false) })).default([]),
    telefones: z.array(z.object({ numero: z.string().min(10, 'Telefone incompleto.') })).default([]),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto' },
    tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: ['Física', 'Jurídica'] },
    documento: { rotulo: 'CPF / CNPJ', tipo: 'cpfCnpj' },
    nascimento: { rotulo: 'Nascimento', tipo: 'data' },
    enderecos: enderecos as Campo,
    telefones: telefones as Campo,
  },
  colunas: ['nome'],
  unicos: [],
} as unknown as RecursoDef;

async function abrir(formulario: Formulario, fetchMock = vi.fn(async () => json(200, { valido: true, data: {} }))) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/p', element: <ResourceForm recurso={pessoa} formulario={formulario} onClose={vi.fn()} /> }], { initialEntries: ['/p'] });
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
  return { fetchMock };
}

const campo = (nome: string) => screen.getByTestId(`campo-${nome}`) as HTMLInputElement;

describe('masked fields and lista sub-tables in the form', () => {
  it('masks the CNPJ, date and phone; the payload holds unmasked values', async () => {
    const { fetchMock } = await abrir({ modo: 'novo' });
    fireEvent.change(campo('nome'), { target: { value: 'Padaria' } });
    fireEvent.change(campo('documento'), { target: { value: '12abc34501de35' } });
    expect(campo('documento').value).toBe('12.ABC.345/01DE-35');
    fireEvent.change(campo('nascimento'), { target: { value: '202403' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('Data inválida. Use o formato aaaa/mm/dd.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(campo('nascimento'), { target: { value: '20240305' } });
    expect(campo('nascimento').value).toBe('2024/03/05');

    fireEvent.click(screen.getByTestId('lista-telefones-adicionar'));
    fireEvent.change(campo('telefones.0.numero'), { target: { value: '11987' } });
    expect(campo('telefones.0.numero').value).toBe('(119) 87_ - ____');
    fireEvent.change(campo('telefones.0.numero'), { target: { value: '(119) 876 - 5432' } });

    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      nome: 'Padaria',
      tipo: 'Jurídica',
      documento: '12ABC34501DE35',
      nascimento: '2024-03-05',
      enderecos: [],
      telefones: [{ numero: '1198765432' }],
    });
  });

  it('a Física person gets the CPF mask, a Jurídica one the CNPJ mask', async () => {
    const onChange = vi.fn();
    const doc: Campo = { rotulo: 'Documento', tipo: 'cpfCnpj' };
    await renderWithProviders(<CampoInput nome="doc" campo={doc} valor="123456789012" onChange={onChange} tipoPessoa="Física" />);
    expect(campo('doc').value).toBe('123.456.789-01');
    cleanup();
    await renderWithProviders(<CampoInput nome="doc" campo={doc} valor="123" onChange={onChange} tipoPessoa="Jurídica" />);
    expect(campo('doc').value).toBe('12.3__.___/____-__');
  });

  it('adds, edits and removes rows; zod errors of enderecos.0.cep show at that sub-field', async () => {
    const { fetchMock } = await abrir({ modo: 'novo' });
    fireEvent.change(campo('nome'), { target: { value: 'Ana' } });
    fireEvent.change(campo('documento'), { target: { value: '52998224725' } });
    fireEvent.click(screen.getByTestId('lista-enderecos-adicionar'));
    fireEvent.click(screen.getByTestId('lista-enderecos-adicionar'));
    expect(screen.getAllByTestId('lista-enderecos-linha')).toHaveLength(2);
    // the item schema's defaults fill a new row
    expect(campo('enderecos.0.numero').value).toBe('S/N');
    fireEvent.change(campo('enderecos.0.cep'), { target: { value: '0131' } });
    fireEvent.change(campo('enderecos.1.cep'), { target: { value: '01310-100' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('CEP inválido.')).toBeTruthy();
    expect(campo('enderecos.0.cep').getAttribute('aria-invalid')).toBe('true');
    expect(campo('enderecos.1.cep').getAttribute('aria-invalid')).not.toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getAllByTestId('lista-enderecos-remover')[0]!);
    expect(screen.getAllByTestId('lista-enderecos-linha')).toHaveLength(1);
    expect(campo('enderecos.0.cep').value).toBe('01310-100');
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).enderecos).toEqual([{ cep: '01310100', numero: 'S/N', principal: false }]);
  });

  it('an existing record shows its items in editing shape', async () => {
    const registro = { _id: 'p1', nome: 'Ana', tipo: 'Física', documento: '52998224725', nascimento: '1990-01-02T00:00:00.000Z', enderecos: [{ cep: '01310100', numero: '10', principal: true }], telefones: [] };
    await abrir({ modo: 'editar', id: 'p1' }, vi.fn(async () => json(200, { valido: true, data: registro })));
    await waitFor(() => expect(campo('enderecos.0.cep').value).toBe('01310-100'));
    expect(campo('nascimento').value).toBe('1990/01/02');
    expect(campo('documento').value).toBe('529.982.247-25');
  });
});
