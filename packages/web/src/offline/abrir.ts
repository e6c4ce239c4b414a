let aberto: Promise<LocalForage> | undefined;

/**
 * The offline store, configured (SPEC.md §9) on its first use rather than at start-up: localforage's
 * code is then no part of the login page's first download.
 */
export function abrirOfflineStore(): Promise<LocalForage> {
  aberto ??= import('./store.ts').then((m) => m.configureOfflineStore());
  return aberto;
}
