import { describe, expect, it } from 'vitest';
import { quandoSossegar, type AmbienteSossego } from './quandoSossegar.ts';

/** A clock the test moves by hand, and the page's downloads as the test starts them. */
function ambienteDeTeste() {
  let agora = 0;
  let seq = 0;
  const timers = new Map<number, { em: number; feito: () => void }>();
  let aoBaixar: (() => void) | undefined;
  const ambiente: AmbienteSossego = {
    observarDownloads(cb) {
      aoBaixar = cb;
      return () => (aoBaixar = undefined);
    },
    setTimeout(feito, ms) {
      timers.set(++seq, { em: agora + ms, feito });
      return seq;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    ocioso: (feito) => feito(),
  };
  const avancar = (ms: number) => {
    const ate = agora + ms;
    for (;;) {
      const proximo = [...timers].filter(([, t]) => t.em <= ate).sort((a, b) => a[1].em - b[1].em)[0];
      if (!proximo) break;
      timers.delete(proximo[0]);
      agora = proximo[1].em;
      proximo[1].feito();
    }
    agora = ate;
  };
  return { ambiente, avancar, baixar: () => aoBaixar?.(), observando: () => aoBaixar !== undefined };
}

describe('quandoSossegar (when the service worker registers)', () => {
  it('waits until the page has gone two seconds without a new download, each download starting the count again', async () => {
    const t = ambienteDeTeste();
    let sossegou = false;
    const espera = quandoSossegar(t.ambiente, 2000, 15_000).then(() => (sossegou = true));
    t.avancar(1500);
    t.baixar(); // the screen's chunk
    t.avancar(1500);
    t.baixar(); // its data
    t.avancar(1999);
    await Promise.resolve();
    expect(sossegou).toBe(false);
    t.avancar(1);
    await espera;
    expect(sossegou).toBe(true);
    expect(t.observando()).toBe(false);
  });

  it('gives up waiting after the maximum on a page that never stops fetching', async () => {
    const t = ambienteDeTeste();
    let sossegou = false;
    const espera = quandoSossegar(t.ambiente, 2000, 15_000).then(() => (sossegou = true));
    for (let i = 0; i < 14; i++) {
      t.avancar(1000);
      t.baixar();
    }
    await Promise.resolve();
    expect(sossegou).toBe(false);
    t.avancar(1000);
    await espera;
    expect(sossegou).toBe(true);
  });
});
