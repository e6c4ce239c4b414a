import { findScreen, pode, publicPaths, publicRouteNames } from '@retaguarda/domain';
import type { EmpresaSessao } from '@retaguarda/domain';
import type { StoreApi } from 'zustand/vanilla';
import { isDark, persistence, type KeyValueStorage } from '../session/persistence.ts';
import type { Geral } from '../session/store.ts';

export interface GuardTarget {
  /** Route name: a screen name, 'Inicio', or one of the public names. */
  name: string;
  /** Path with query string, used to come back after login. */
  path: string;
}

export interface GuardDeps {
  store: StoreApi<Geral>;
  storage: KeyValueStorage;
  loadMaps: (empresa: EmpresaSessao) => unknown;
  prefersDark: () => boolean;
}

const publicNames = new Set<string>(publicRouteNames);

export function isPublicRoute(name: string): boolean {
  return publicNames.has(name);
}

export function loginPath(target: GuardTarget): string {
  const back = target.path && target.path !== '/' ? `?redirect=${encodeURIComponent(target.path)}` : '';
  return publicPaths.Login + back;
}

/**
 * The navigation guard of SPEC.md §2. Returns where to redirect, or null to let the navigation go on.
 * Only the user's presence in the store decides whether to restore: a logged-in tab does not reread
 * local storage on every click.
 */
export async function guardNavigation(target: GuardTarget, deps: GuardDeps): Promise<string | null> {
  try {
    if (isPublicRoute(target.name)) return null;
    const { store, storage } = deps;

    if (!store.getState().usuario) {
      store.getState().setTheme(isDark(persistence.readTema(storage), deps.prefersDark()));
      try {
        const usuario = persistence.readUsuario(storage);
        const grupoEmpresarial = usuario ? persistence.readGrupo(storage) : null;
        const empresa = usuario ? persistence.readEmpresa(storage) : null;
        if (!usuario || !grupoEmpresarial || !empresa) throw new Error('sessão salva incompleta');
        store.getState().iniciarSessao({ usuario, grupoEmpresarial, empresa });
      } catch {
        // Missing or unreadable: start again from the login, leaving nothing half-restored behind.
        store.getState().setUsuario(null);
        return loginPath(target);
      }
    }

    const { empresa, grupoEmpresarial } = store.getState();
    if (!empresa || !grupoEmpresarial) {
      store.getState().setUsuario(null);
      return loginPath(target);
    }
    // Not awaited: the maps script must never hold up a screen.
    void deps.loadMaps(empresa);
    // A screen the access profile does not let the user see (the server would answer 403 too).
    if (findScreen(target.name) && !pode(store.getState().usuario?.permissoes, target.name, 'ver')) return publicPaths.AccessDenied;
    return null;
  } catch (error) {
    console.error('Erro no guarda de navegação', error);
    return target.name === 'NotFound' ? null : publicPaths.NotFound;
  }
}
