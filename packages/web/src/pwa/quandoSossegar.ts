/** How long the page must go without starting a download before it counts as settled. */
export const QUIETO_MS = 2000;
/** A page that never stops fetching (a board that polls) still gets its worker after this long. */
export const MAXIMO_MS = 15_000;

export interface AmbienteSossego {
  /** Calls `aoBaixar` for each download the page starts (resource timing entries), buffered ones included. */
  observarDownloads(aoBaixar: () => void): () => void;
  setTimeout(feito: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  ocioso(feito: () => void): void;
}

function ambienteDoNavegador(): AmbienteSossego {
  return {
    observarDownloads(aoBaixar) {
      if (typeof PerformanceObserver === 'undefined') return () => {};
      const observador = new PerformanceObserver((lista) => {
        if (lista.getEntries().length) aoBaixar();
      });
      observador.observe({ type: 'resource', buffered: true });
      return () => observador.disconnect();
    },
    setTimeout: (feito, ms) => window.setTimeout(feito, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    // Safari has no requestIdleCallback.
    ocioso: (feito) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(feito, { timeout: 1000 }) : window.setTimeout(feito, 0)),
  };
}

/**
 * Resolves once the page has gone QUIETO_MS without starting a download (its first screen's code and data
 * are in) and the main thread is idle, or after MAXIMO_MS. The service worker registers then: installing, it
 * downloads every file of the build, and started at `load` it competed with the first screen's own chunks and
 * requests (largest paint +0.5 s, blocking time +150 ms on the dashboard at 4× CPU; issue 19).
 */
export function quandoSossegar(ambiente: AmbienteSossego = ambienteDoNavegador(), quietoMs = QUIETO_MS, maximoMs = MAXIMO_MS): Promise<void> {
  return new Promise((resolver) => {
    let acabou = false;
    let quieto: unknown;
    const fim = () => {
      if (acabou) return;
      acabou = true;
      parar();
      ambiente.clearTimeout(quieto);
      ambiente.clearTimeout(limite);
      resolver();
    };
    const recomecar = () => {
      if (acabou) return;
      ambiente.clearTimeout(quieto);
      quieto = ambiente.setTimeout(() => ambiente.ocioso(fim), quietoMs);
    };
    const limite = ambiente.setTimeout(fim, maximoMs);
    const parar = ambiente.observarDownloads(recomecar);
    recomecar();
  });
}
