import type { EmpresaSessao, GrupoSessao, SessaoData, UsuarioSessao } from '@retaguarda/domain';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage, gravacao, type KeyValueStorage } from './armazenamento.ts';

/** Session state "geral" of SPEC.md §3; field names are the specification's. */
export interface GeralState {
  usuario: UsuarioSessao | null;
  empresa: EmpresaSessao | null;
  grupoEmpresarial: GrupoSessao | null;
  pedidos: unknown[];
  produtos: unknown[];
  /** Dark flag: true when the dark color scheme is in effect. */
  theme: boolean;
  pedido: unknown;
  titulo: string;
  filtroDfe: Record<string, unknown> | null;
  rightDrawerOpen: boolean;
  leftDrawerOpen: boolean;
  /** Bumped to make the drawers reload what they show. */
  atualizaDrawer: number;
  impressoraEtiqueta: unknown;
  modeloEtiqueta: unknown;
  /** Increments on every company switch; the visible screen is keyed on it and reloads. */
  atualizarPaginaTrocaEmpresa: number;
  /** Whether the change-password dialog is open. */
  alterarSenha: boolean;
}

export interface GeralActions {
  /** Empty user (null) also clears company and group, from the store and from local storage. */
  setUsuario(usuario: UsuarioSessao | null): void;
  setGrupoEmpresarial(grupo: GrupoSessao | null): void;
  setEmpresa(empresa: EmpresaSessao | null): void;
  /** After login: user, group and company at once. */
  iniciarSessao(sessao: Pick<SessaoData, 'usuario' | 'grupoEmpresarial' | 'empresa'>): void;
  /** The server switched the active company: store it and make the visible screen reload. */
  empresaTrocada(empresa: EmpresaSessao): void;
  setTheme(dark: boolean): void;
  setTitulo(titulo: string): void;
  setLeftDrawerOpen(open: boolean): void;
  setRightDrawerOpen(open: boolean): void;
  setAlterarSenha(open: boolean): void;
  /** Any other field of the state (pedidos, produtos, pedido, filtroDfe, etiquetas…). */
  patch(partial: Partial<GeralState>): void;
}

export type Geral = GeralState & GeralActions;

export const initialGeral: GeralState = {
  usuario: null,
  empresa: null,
  grupoEmpresarial: null,
  pedidos: [],
  produtos: [],
  theme: false,
  pedido: null,
  titulo: '',
  filtroDfe: null,
  rightDrawerOpen: false,
  leftDrawerOpen: false,
  atualizaDrawer: 0,
  impressoraEtiqueta: null,
  modeloEtiqueta: null,
  atualizarPaginaTrocaEmpresa: 0,
  alterarSenha: false,
};

export function createGeralStore(storage: KeyValueStorage): StoreApi<Geral> {
  return createStore<Geral>()((set) => ({
    ...initialGeral,
    setUsuario(usuario) {
      if (usuario) {
        gravacao.writeUsuario(storage, usuario);
        set({ usuario });
        return;
      }
      gravacao.writeUsuario(storage, null);
      gravacao.writeEmpresa(storage, null);
      gravacao.writeGrupo(storage, null);
      set({ usuario: null, empresa: null, grupoEmpresarial: null });
    },
    setGrupoEmpresarial(grupoEmpresarial) {
      gravacao.writeGrupo(storage, grupoEmpresarial);
      set({ grupoEmpresarial });
    },
    setEmpresa(empresa) {
      gravacao.writeEmpresa(storage, empresa);
      set({ empresa });
    },
    iniciarSessao({ usuario, grupoEmpresarial, empresa }) {
      gravacao.writeUsuario(storage, usuario);
      gravacao.writeGrupo(storage, grupoEmpresarial);
      gravacao.writeEmpresa(storage, empresa);
      set({ usuario, grupoEmpresarial, empresa });
    },
    empresaTrocada(empresa) {
      gravacao.writeEmpresa(storage, empresa);
      set((state) => ({ empresa, atualizarPaginaTrocaEmpresa: state.atualizarPaginaTrocaEmpresa + 1 }));
    },
    setTheme: (theme) => set({ theme }),
    setTitulo: (titulo) => set({ titulo }),
    setLeftDrawerOpen: (leftDrawerOpen) => set({ leftDrawerOpen }),
    setRightDrawerOpen: (rightDrawerOpen) => set({ rightDrawerOpen }),
    setAlterarSenha: (alterarSenha) => set({ alterarSenha }),
    patch: (partial) => set(partial),
  }));
}

export const appStorage: KeyValueStorage = typeof window === 'undefined' ? { getItem: () => null, setItem() {}, removeItem() {} } : browserStorage();

export const geralStore = createGeralStore(appStorage);

export function useGeral<T>(selector: (state: Geral) => T): T {
  return useStore(geralStore, selector);
}
