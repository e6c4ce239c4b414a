import { act, cleanup, fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { geralStore } from '../session/store.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const empresa = {
  _id: 'e1', grupoEmpresarial: 'g1', nomeFantasia: 'Restaurante Centro', razaoSocial: 'R LTDA', cnpj: null,
  configuracoes: { callCenter: false, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null }, googleKeyApi: null, googleVersaoApi: null },
};
const sessao = {
  usuario: { _id: 'u1', nome: 'Admin', login: 'admin@demo.com.br', email: 'admin@demo.com.br', atribuicaoSistema: 'Administrador', administrador: true, permissoes: { administrador: true, telas: {}, pdv: [] } },
  grupoEmpresarial: { _id: 'g1', nome: 'Grupo Demonstração' },
  empresas: [empresa],
  empresa,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p data-testid="destino">destino</p> },
    ],
    { initialEntries: [entry] },
  );
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}

async function fillAndSubmit(login: string, senha: string) {
  fireEvent.change(dom.getByTestId('login-usuario'), { target: { value: login } });
  fireEvent.change(dom.getByTestId('login-senha'), { target: { value: senha } });
  await act(async () => void fireEvent.submit(dom.getByTestId('login-form')));
}

beforeEach(() => geralStore.getState().setUsuario(null));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('puts the test ids on the inputs themselves', async () => {
    await renderLogin();
    expect(dom.getByTestId('login-usuario').tagName).toBe('INPUT');
    expect(dom.getByTestId('login-senha').tagName).toBe('INPUT');
    expect(dom.getByText('Esqueci minha senha').getAttribute('href')).toBe('/recuperarSenha');
  });

  it('shows the server message on wrong credentials and stays on the page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { valido: false, data: { message: 'Login ou senha inválidos.' } })));
    const router = await renderLogin();
    await fillAndSubmit('admin@demo.com.br', 'errada');
    expect((await dom.findByTestId('login-erro')).textContent).toContain('Login ou senha inválidos.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the group when the login exists in several, then stores the session and follows ?redirect', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { grupoEmpresarial?: string };
      return body.grupoEmpresarial
        ? json(200, { valido: true, data: sessao })
        : json(200, { valido: true, data: { escolherGrupo: [{ _id: 'g1', nome: 'Grupo Demonstração' }, { _id: 'g2', nome: 'Outro' }] } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = await renderLogin('/login?redirect=%2Fpessoa');
    await fillAndSubmit('admin@demo.com.br', 'demo1234');
    expect(await dom.findByTestId('login-grupo')).toBeTruthy();
    expect(geralStore.getState().usuario).toBeNull();

    fireEvent.click(dom.getByTestId('login-grupo'));
    fireEvent.click(await dom.findByRole('option', { name: 'Grupo Demonstração', hidden: true }));
    await act(async () => void fireEvent.submit(dom.getByTestId('login-form')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pessoa'));
    expect(geralStore.getState().empresa?._id).toBe('e1');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body))).toMatchObject({ grupoEmpresarial: 'g1' });
  });
});
