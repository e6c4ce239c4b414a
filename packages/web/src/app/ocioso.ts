/**
 * Runs `feito` when the main thread is next idle (within a second on a thread that never is). Safari has no
 * requestIdleCallback: there, on the next task.
 */
export function ocioso(feito: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(feito, { timeout: 1000 });
  else setTimeout(feito, 0);
}
