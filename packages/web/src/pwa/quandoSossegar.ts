import { ocioso } from '../app/ocioso.ts';

/** How long the page must go without starting a download before it counts as settled. */
export const QUIETO_MS = 2000;
/** A page that never stops fetching (a board that polls) still gets its worker after this long. */
export const MAXIMO_MS = 15_000;

/** Calls `aoBaixar` for each download the page starts (resource timing entries, buffered ones too); answers how to stop. */
export type ObservarDownloads = (aoBaixar: () => void) => () => void;

const observarDownloadsDoNavegador: ObservarDownloads = (aoBaixar) => {
  if (typeof PerformanceObserver === 'undefined') return () => {};
  const observador = new PerformanceObserver((lista) => {
    if (lista.getEntries().length) aoBaixar();
  });
  observador.observe({ type: 'resource', buffered: true });
  return () => observador.disconnect();
};

/**
 * Resolves once the page has gone QUIETO_MS without starting a download (its first screen's code and data
 * are in) and the main thread is idle, or after MAXIMO_MS. The service worker registers then: installing, it
 * downloads every file of the build, and started at `load` it competed with the first screen's own chunks and
 * requests (largest paint +0.5 s, blocking time +150 ms on the dashboard at 4× CPU; issue 19).
 */
export function quandoSossegar(observarDownloads: ObservarDownloads = observarDownloadsDoNavegador): Promise<void> {
  return new Promise((resolver) => {
    let acabou = false;
    let quieto: ReturnType<typeof setTimeout> | undefined;
    const fim = () => {
      if (acabou) return;
      acabou = true;
      parar();
      clearTimeout(quieto);
      clearTimeout(limite);
      resolver();
    };
    const recomecar = () => {
      if (acabou) return;
      clearTimeout(quieto);
      quieto = setTimeout(() => ocioso(fim), QUIETO_MS);
    };
    const limite = setTimeout(fim, MAXIMO_MS);
    const parar = observarDownloads(recomecar);
    recomecar();
  });
}
