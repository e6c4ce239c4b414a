import type { EmpresaSessao, GrupoSessao, UsuarioSessao } from '@retaguarda/domain';

// What the session store writes, apart from persistence.ts's reads: those validate with the session
// schemas (zod), which the login page has no need to download.

/** The subset of the Web Storage API used here, so tests can pass a fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Local storage keeps only what the guard restores (SPEC.md §2): the user profile, the business
 * group, the company and the theme. Never a token or a password: the session is an httpOnly cookie.
 */
export const storageKeys = {
  usuario: 'retaguarda.usuario',
  grupoEmpresarial: 'retaguarda.grupoEmpresarial',
  empresa: 'retaguarda.empresa',
  tema: 'retaguarda.tema',
} as const;

export type TemaPreferido = 'light' | 'dark' | 'auto';

function write(storage: KeyValueStorage, key: string, value: unknown): void {
  if (value === null || value === undefined) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

/** Saves the session's parts; an empty value removes its key. */
export const gravacao = {
  writeUsuario: (s: KeyValueStorage, v: UsuarioSessao | null) => write(s, storageKeys.usuario, v),
  writeGrupo: (s: KeyValueStorage, v: GrupoSessao | null) => write(s, storageKeys.grupoEmpresarial, v),
  writeEmpresa: (s: KeyValueStorage, v: EmpresaSessao | null) => write(s, storageKeys.empresa, v),
};

/** Turns the saved preference into the dark flag of geral.theme; 'auto' follows the system. */
export function isDark(tema: TemaPreferido, systemPrefersDark: boolean): boolean {
  return tema === 'dark' || (tema === 'auto' && systemPrefersDark);
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** A storage that never fails, for environments without localStorage (private mode, tests). */
export function memoryStorage(): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}

export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__retaguarda__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}
