import { findRecurso } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { Formulario } from './listState.ts';

// The real declaration: terminal.configuracoes is an objeto whose sub-fields reference caixa and setorImpressao.
const terminal = findRecurso('terminal')!;
const empresa = findRecurso('empresa')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers each call like the server: option lists per resource, the record, and the save. */
function servidor(registro?: Record<string, unknown>, salvar = () => json(201, { valido: true, data: { _id: 't1' } })) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/caixa/getPopulate')) return json(200, { valido: true, data: [{ _id: 'cx1', descricao: 'Caixa balcão' }, { _id: 'cx2', descricao: 'Caixa salão' }] });
    if (url.endsWith('/setorImpressao/getPopulate')) return json(200, { valido: true, data: [{ _id: 's1', descricao: 'Cozinha' }] });
    if (url.endsWith('/empresa/getPopulate')) return json(200, { valido: true, data: [{ _id: 'e1', nomeFantasia: 'Centro' }, { _id: 'e2', nomeFantasia: 'Shopping' }] });
    if (init?.method === 'GET' && registro) return json(200, { valido: true, data: registro });
    return salvar();
  });
}

async function abrir(recurso: typeof terminal, formulario: Formulario, fetchMock: ReturnType<typeof servidor>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/t', element: <ResourceForm recurso={recurso} formulario={formulario} onClose={vi.fn()} /> }], { initialEntries: ['/t'] });
  await renderWithProviders(<RouterProvider router={router} />);
  await screen.findByTestId('recurso-form');
}

const campo = (nome: string) => screen.getByTestId(`campo-${nome}`) as HTMLInputElement;
const corpoSalvo = (fetchMock: ReturnType<typeof servidor>) => {
  const call = fetchMock.mock.calls.find(([url, init]) => (init?.method === 'POST' || init?.method === 'PUT') && !String(url).endsWith('/getPopulate'))!;
  return JSON.parse(call[1]!.body as string);
};

describe('objeto fields in the generic form', () => {
  it('renders terminal.configuracoes as a titled group of selects over the related resources, never "[object Object]"', async () => {
    await abrir(terminal, { modo: 'novo' }, servidor());
    const grupo = screen.getByRole('group', { name: 'Configurações' });
    expect(within(grupo).getByText('Configurações')).toBeTruthy();
    for (const [sub, rotulo] of [['caixa', 'Caixa'], ['setorImpressaoCaixa', 'Setor de impressão do caixa'], ['setorImpressaoNfce', 'Setor de impressão da NFC-e']] as const) {
      expect(within(grupo).getByLabelText(rotulo)).toBe(campo(`configuracoes.${sub}`));
    }
    expect(document.body.textContent).not.toContain('[object Object]');
    expect(screen.queryByDisplayValue('[object Object]')).toBeNull();
  });

  it('sends the chosen references inside the object, nulls for the empty ones', async () => {
    const fetchMock = servidor();
    await abrir(terminal, { modo: 'novo' }, fetchMock);
    fireEvent.change(campo('descricao'), { target: { value: 'PDV 1' } });
    fireEvent.click(campo('tipo'));
    fireEvent.click(await screen.findByRole('option', { name: 'PDV', hidden: true }));
    fireEvent.click(campo('configuracoes.caixa'));
    fireEvent.click(await screen.findByRole('option', { name: 'Caixa salão', hidden: true }));
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && String(init.body).includes('PDV 1'))).toBe(true));
    expect(corpoSalvo(fetchMock)).toEqual({ descricao: 'PDV 1', tipo: 'PDV', configuracoes: { caixa: 'cx2', setorImpressaoCaixa: null, setorImpressaoNfce: null } });
  });

  it('shows a server error of "configuracoes.caixa" next to that sub-field only, and clears it when it changes', async () => {
    const fetchMock = servidor(undefined, () =>
      json(400, { valido: false, data: { message: 'Caixa: Caixa não encontrado.', campos: { 'configuracoes.caixa': 'Caixa não encontrado.' } } }),
    );
    await abrir(terminal, { modo: 'novo' }, fetchMock);
    fireEvent.change(campo('descricao'), { target: { value: 'PDV 2' } });
    fireEvent.click(campo('tipo'));
    fireEvent.click(await screen.findByRole('option', { name: 'Totem', hidden: true }));
    fireEvent.click(campo('configuracoes.caixa'));
    fireEvent.click(await screen.findByRole('option', { name: 'Caixa balcão', hidden: true }));
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('Caixa não encontrado.')).toBeTruthy();
    expect(campo('configuracoes.caixa').getAttribute('aria-invalid')).toBe('true');
    expect(campo('configuracoes.setorImpressaoCaixa').getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(campo('configuracoes.caixa'));
    fireEvent.click(await screen.findByRole('option', { name: 'Caixa salão', hidden: true }));
    await waitFor(() => expect(screen.queryByText('Caixa não encontrado.')).toBeNull());
  });

  it('an existing record shows its (populated or plain) references selected', async () => {
    const registro = { _id: 't1', version: 3, descricao: 'PDV 3', tipo: 'PDV', configuracoes: { caixa: { _id: 'cx1', descricao: 'Caixa balcão' }, setorImpressaoCaixa: 's1', setorImpressaoNfce: null } };
    await abrir(terminal, { modo: 'editar', id: 't1' }, servidor(registro));
    await waitFor(() => expect(campo('configuracoes.caixa').value).toBe('Caixa balcão'));
    await waitFor(() => expect(campo('configuracoes.setorImpressaoCaixa').value).toBe('Cozinha'));
    expect(campo('configuracoes.setorImpressaoNfce').value).toBe('');
  });

  it('nested groups, lists and errors by dotted path: empresa.configuracoes', async () => {
    await abrir(empresa, { modo: 'novo' }, servidor());
    const cfg = screen.getByRole('group', { name: 'Configurações' });
    expect(within(cfg).getByRole('group', { name: 'Expedição' })).toBeTruthy();
    expect(within(cfg).getByRole('group', { name: 'Entrega' })).toBeTruthy();
    expect(campo('configuracoes.googleVersaoApi').value).toBe('quarterly');
    // The certificate is a read-only summary, not an input.
    expect(screen.getByTestId('campo-certificado-vazio')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lista-configuracoes.horarios-adicionar'));
    fireEvent.change(campo('configuracoes.horarios.0.abertura'), { target: { value: '25:00' } });
    fireEvent.change(campo('endereco.uf'), { target: { value: 'SP' } });
    fireEvent.click(screen.getByTestId('recurso-salvar'));
    expect(await screen.findByText('Informe o fechamento.')).toBeTruthy();
    expect(campo('configuracoes.horarios.0.fechamento').getAttribute('aria-invalid')).toBe('true');
    expect(campo('endereco.cep').getAttribute('aria-invalid')).toBe('true');
    expect(campo('configuracoes.cscId').getAttribute('aria-invalid')).not.toBe('true');
  });
});
