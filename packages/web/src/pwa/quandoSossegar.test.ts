import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAXIMO_MS, QUIETO_MS, quandoSossegar } from './quandoSossegar.ts';

/** The page's downloads as the test starts them, on vitest's fake clock. */
function paginaDeTeste() {
  let aoBaixar: (() => void) | undefined;
  const observar = (cb: () => void) => {
    aoBaixar = cb;
    return () => (aoBaixar = undefined);
  };
  return { observar, baixar: () => aoBaixar?.(), observando: () => aoBaixar !== undefined };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('quandoSossegar (when the service worker registers)', () => {
  it('waits until the page has gone two seconds without a new download, each download starting the count again', async () => {
    const pagina = paginaDeTeste();
    let sossegou = false;
    const espera = quandoSossegar(pagina.observar).then(() => (sossegou = true));
    await vi.advanceTimersByTimeAsync(1500);
    pagina.baixar(); // the screen's chunk
    await vi.advanceTimersByTimeAsync(1500);
    pagina.baixar(); // its data
    await vi.advanceTimersByTimeAsync(QUIETO_MS - 1);
    expect(sossegou).toBe(false);
    // The count is over; then an idle moment (jsdom has no requestIdleCallback: the next task).
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersToNextTimerAsync();
    await espera;
    expect(sossegou).toBe(true);
    expect(pagina.observando()).toBe(false);
  });

  it('gives up waiting after the maximum on a page that never stops fetching', async () => {
    const pagina = paginaDeTeste();
    let sossegou = false;
    const espera = quandoSossegar(pagina.observar).then(() => (sossegou = true));
    for (let t = 1000; t < MAXIMO_MS; t += 1000) {
      await vi.advanceTimersByTimeAsync(1000);
      pagina.baixar();
    }
    expect(sossegou).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await espera;
    expect(sossegou).toBe(true);
  });
});
