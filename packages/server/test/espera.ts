/**
 * Waits until `condicao` holds (sync or async), checking every `intervaloMs`; fails after `limiteMs`
 * naming what it waited for. Tests wait for a condition, never for a fixed time: a busy machine is
 * slower, not wrong, so limits are generous.
 */
export async function esperarAte(condicao: () => boolean | Promise<boolean>, limiteMs: number, oQue = 'a condição', intervaloMs = 100): Promise<void> {
  const ate = Date.now() + limiteMs;
  while (!(await condicao())) {
    if (Date.now() > ate) throw new Error(`Esperou ${limiteMs} ms e não aconteceu: ${oQue}.`);
    await new Promise((pronto) => setTimeout(pronto, intervaloMs));
  }
}
