import type { QueryClient } from '@tanstack/react-query';
import { ocioso } from '../app/ocioso.ts';

/** The shell's own queries (the session): their answers say nothing about the screen being shown. */
const DO_SHELL = new Set(['sessao']);
const daTela = (chave: readonly unknown[]) => !DO_SHELL.has(String(chave[0]));

/** A screen that asks the server for nothing (or a slow one) does not hold the lists back longer than this. */
export const ESPERA_MAXIMA_MS = 8000;

/**
 * Resolves once the visible screen's first data has arrived (a screen query was seen and none is
 * still fetching) and the main thread is idle; at the first idle moment when the screen asked for
 * nothing (the start page after signing in); after ESPERA_MAXIMA_MS at most; at once when `signal`
 * aborts. Called from the layout's effect: the screen was drawn in the same commit and its queries
 * started with it, so by the next idle moment a screen that asks for data has asked. The 20 MiB product list of 20,000 products waits for it: sent together, it held the
 * embedded database, the connection and the main thread (JSON.parse) while the screen's own list
 * waited behind it (issue 19).
 */
export function depoisDaTela(queryClient: QueryClient, signal?: AbortSignal, esperaMaxima = ESPERA_MAXIMA_MS): Promise<void> {
  return new Promise((resolver) => {
    const cache = queryClient.getQueryCache();
    let viuTela = false;
    let acabou = false;
    const fim = () => {
      if (acabou) return;
      acabou = true;
      cancelar();
      clearTimeout(limite);
      signal?.removeEventListener('abort', fim);
      resolver();
    };
    const conferir = () => {
      if (acabou) return;
      const buscando = cache.findAll({ predicate: (q) => daTela(q.queryKey) && q.state.fetchStatus === 'fetching' });
      if (buscando.length) viuTela = true;
      else if (viuTela) ocioso(() => (queryClient.isFetching({ predicate: (q) => daTela(q.queryKey) }) ? undefined : fim()));
    };
    const cancelar = cache.subscribe(conferir);
    const limite = setTimeout(fim, esperaMaxima);
    signal?.addEventListener('abort', fim);
    if (signal?.aborted) fim();
    else conferir();
    ocioso(() => viuTela || fim());
  });
}
