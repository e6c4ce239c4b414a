import type { EmpresaSessao, GrupoSessao, UsuarioSessao } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { memoryStorage, storageKeys } from './persistence.ts';
import { createGeralStore, initialGeral } from './store.ts';

const usuario: UsuarioSessao = { _id: 'u1', nome: 'Admin', login: 'admin', email: null, atribuicaoSistema: 'Administrador', administrador: true, permissoes: { administrador: true, telas: {}, pdv: [] } };
const grupo: GrupoSessao = { _id: 'g1', nome: 'Grupo' };
const empresa = (id: string, nomeFantasia: string): EmpresaSessao => ({
  _id: id, grupoEmpresarial: 'g1', nomeFantasia, razaoSocial: nomeFantasia, cnpj: null,
  configuracoes: { callCenter: false, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null }, googleKeyApi: null, googleVersaoApi: null },
});

describe('session state geral', () => {
  it('has every field of SPEC.md §3', () => {
    expect(Object.keys(initialGeral).sort()).toEqual(
      ['usuario', 'empresa', 'pedidos', 'produtos', 'theme', 'pedido', 'titulo', 'filtroDfe', 'rightDrawerOpen', 'leftDrawerOpen',
        'atualizaDrawer', 'impressoraEtiqueta', 'modeloEtiqueta', 'atualizarPaginaTrocaEmpresa', 'grupoEmpresarial', 'alterarSenha'].sort(),
    );
  });

  it('saves only user profile, group and company after login', () => {
    const storage = memoryStorage();
    const store = createGeralStore(storage);
    store.getState().iniciarSessao({ usuario, grupoEmpresarial: grupo, empresa: empresa('e1', 'Loja A') });
    store.getState().patch({ pedidos: [{ id: 1 }], titulo: 'pessoa' });
    expect(Object.keys(storage.dump()).sort()).toEqual([storageKeys.empresa, storageKeys.grupoEmpresarial, storageKeys.usuario].sort());
    expect(JSON.parse(storage.getItem(storageKeys.usuario)!)).toEqual(usuario);
  });

  it('setting the user to empty clears user, company and group from the store and local storage, keeping the theme', () => {
    const storage = memoryStorage();
    storage.setItem(storageKeys.tema, 'dark');
    const store = createGeralStore(storage);
    store.getState().iniciarSessao({ usuario, grupoEmpresarial: grupo, empresa: empresa('e1', 'Loja A') });
    store.getState().setUsuario(null);
    const state = store.getState();
    expect([state.usuario, state.empresa, state.grupoEmpresarial]).toEqual([null, null, null]);
    expect(storage.dump()).toEqual({ [storageKeys.tema]: 'dark' });
  });

  it('a company switch stores the company and increments atualizarPaginaTrocaEmpresa', () => {
    const storage = memoryStorage();
    const store = createGeralStore(storage);
    store.getState().iniciarSessao({ usuario, grupoEmpresarial: grupo, empresa: empresa('e1', 'Loja A') });
    expect(store.getState().atualizarPaginaTrocaEmpresa).toBe(0);
    store.getState().empresaTrocada(empresa('e2', 'Loja B'));
    store.getState().empresaTrocada(empresa('e1', 'Loja A'));
    store.getState().empresaTrocada(empresa('e2', 'Loja B'));
    expect(store.getState().atualizarPaginaTrocaEmpresa).toBe(3);
    expect(store.getState().empresa?._id).toBe('e2');
    expect(JSON.parse(storage.getItem(storageKeys.empresa)!)._id).toBe('e2');
  });

  it('keeps drawers, title and dialog flags in memory only', () => {
    const storage = memoryStorage();
    const store = createGeralStore(storage);
    store.getState().setLeftDrawerOpen(true);
    store.getState().setRightDrawerOpen(true);
    store.getState().setAlterarSenha(true);
    store.getState().setTitulo('pessoa');
    store.getState().setTheme(true);
    expect(store.getState()).toMatchObject({ leftDrawerOpen: true, rightDrawerOpen: true, alterarSenha: true, titulo: 'pessoa', theme: true });
    expect(storage.dump()).toEqual({});
  });
});
