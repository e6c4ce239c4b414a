import type { EmpresaSessao, GrupoSessao, UsuarioSessao } from '@retaguarda/domain';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, storageKeys } from '../session/persistence.ts';
import { createGeralStore } from '../session/store.ts';
import { guardNavigation, type GuardDeps } from './guard.ts';

const usuario: UsuarioSessao = { _id: 'u1', nome: 'Admin', login: 'admin@demo.com.br', email: 'admin@demo.com.br', atribuicaoSistema: 'Administrador', administrador: true, permissoes: { administrador: true, telas: {}, pdv: [] } };
const grupo: GrupoSessao = { _id: 'g1', nome: 'Grupo Demonstração' };
const empresa: EmpresaSessao = {
  _id: 'e1', grupoEmpresarial: 'g1', nomeFantasia: 'Loja Centro', razaoSocial: 'Loja Centro LTDA', cnpj: null,
  configuracoes: { callCenter: false, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null }, googleKeyApi: null, googleVersaoApi: null },
};

function setup(saved: Record<string, string> = {}, prefersDark = false) {
  const storage = memoryStorage();
  for (const [k, v] of Object.entries(saved)) storage.setItem(k, v);
  const store = createGeralStore(storage);
  const loadMaps = vi.fn();
  const deps: GuardDeps = { store, storage, loadMaps, prefersDark: () => prefersDark };
  return { storage, store, loadMaps, deps };
}

const fullSession = {
  [storageKeys.usuario]: JSON.stringify(usuario),
  [storageKeys.grupoEmpresarial]: JSON.stringify(grupo),
  [storageKeys.empresa]: JSON.stringify(empresa),
};

describe('navigation guard', () => {
  it.each(['Login', 'AccessDenied', 'NotFound', 'recuperarSenha', 'alterarSenha'])('lets public route %s through without a user', async (name) => {
    const { deps, loadMaps } = setup();
    await expect(guardNavigation({ name, path: '/x' }, deps)).resolves.toBeNull();
    expect(loadMaps).not.toHaveBeenCalled();
  });

  it('sends a visitor with nothing saved to /login, remembering where they were going', async () => {
    const { deps } = setup();
    await expect(guardNavigation({ name: 'pessoa', path: '/pessoa?x=1' }, deps)).resolves.toBe('/login?redirect=%2Fpessoa%3Fx%3D1');
    await expect(guardNavigation({ name: 'Inicio', path: '/' }, deps)).resolves.toBe('/login');
  });

  it('restores user, group and company from local storage and loads the maps script', async () => {
    const { deps, store, loadMaps } = setup(fullSession);
    await expect(guardNavigation({ name: 'pessoa', path: '/pessoa' }, deps)).resolves.toBeNull();
    const state = store.getState();
    expect(state.usuario).toEqual(usuario);
    expect(state.grupoEmpresarial).toEqual(grupo);
    expect(state.empresa).toEqual(empresa);
    expect(loadMaps).toHaveBeenCalledWith(empresa);
  });

  it('restores the saved theme, light by default and following the system on auto', async () => {
    const none = setup(fullSession);
    none.store.getState().setTheme(true);
    await guardNavigation({ name: 'pessoa', path: '/pessoa' }, none.deps);
    expect(none.store.getState().theme).toBe(false);

    const dark = setup({ ...fullSession, [storageKeys.tema]: 'dark' });
    await guardNavigation({ name: 'pessoa', path: '/pessoa' }, dark.deps);
    expect(dark.store.getState().theme).toBe(true);

    const auto = setup({ ...fullSession, [storageKeys.tema]: 'auto' }, true);
    await guardNavigation({ name: 'pessoa', path: '/pessoa' }, auto.deps);
    expect(auto.store.getState().theme).toBe(true);
  });

  it.each([storageKeys.grupoEmpresarial, storageKeys.empresa])('clears everything and goes to /login when %s is missing', async (missing) => {
    const saved: Record<string, string> = { ...fullSession };
    delete saved[missing];
    const { deps, store, storage, loadMaps } = setup(saved);
    await expect(guardNavigation({ name: 'pessoa', path: '/pessoa' }, deps)).resolves.toBe('/login?redirect=%2Fpessoa');
    expect(store.getState().usuario).toBeNull();
    expect(storage.getItem(storageKeys.usuario)).toBeNull();
    expect(storage.getItem(storageKeys.grupoEmpresarial)).toBeNull();
    expect(storage.getItem(storageKeys.empresa)).toBeNull();
    expect(loadMaps).not.toHaveBeenCalled();
  });

  it('clears the user when the saved data cannot be read', async () => {
    const { deps, storage } = setup({ ...fullSession, [storageKeys.usuario]: '{quebrado' });
    await expect(guardNavigation({ name: 'pessoa', path: '/pessoa' }, deps)).resolves.toBe('/login?redirect=%2Fpessoa');
    expect(storage.getItem(storageKeys.empresa)).toBeNull();
  });

  it('does not reread local storage when the user is already in the store', async () => {
    const { deps, store, storage, loadMaps } = setup();
    store.getState().iniciarSessao({ usuario, grupoEmpresarial: grupo, empresa });
    const getItem = vi.spyOn(storage, 'getItem');
    await expect(guardNavigation({ name: 'estoqueInventario', path: '/estoqueInventario' }, deps)).resolves.toBeNull();
    expect(getItem).not.toHaveBeenCalled();
    expect(loadMaps).toHaveBeenCalledWith(empresa);
  });

  it('sends a screen the access profile does not show to /403; the index and allowed screens pass', async () => {
    const { deps, store } = setup();
    const caixa: UsuarioSessao = { ...usuario, administrador: false, atribuicaoSistema: 'Caixa', permissoes: { administrador: false, telas: { formaPagamento: ['ver'] }, pdv: [] } };
    store.getState().iniciarSessao({ usuario: caixa, grupoEmpresarial: grupo, empresa });
    await expect(guardNavigation({ name: 'usuarios', path: '/usuarios' }, deps)).resolves.toBe('/403');
    await expect(guardNavigation({ name: 'formaPagamento', path: '/formaPagamento' }, deps)).resolves.toBeNull();
    await expect(guardNavigation({ name: 'Inicio', path: '/' }, deps)).resolves.toBeNull();
    // An unknown path is the not-found page's business, not a refusal.
    await expect(guardNavigation({ name: 'naoExiste', path: '/naoExiste' }, deps)).resolves.toBeNull();
  });

  it('redirects to /404 on a guard error, unless the target is already NotFound', async () => {
    const { deps, store } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    store.getState().iniciarSessao({ usuario, grupoEmpresarial: grupo, empresa });
    const broken = { ...deps, loadMaps: () => { throw new Error('boom'); } };
    await expect(guardNavigation({ name: 'pessoa', path: '/pessoa' }, broken)).resolves.toBe('/404');
  });
});
