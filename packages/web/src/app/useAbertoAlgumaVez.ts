import { useState } from 'react';

/**
 * True from the first time `aberto` is true. A dialog of the shell mounts on its first opening, not on
 * every page load (a closed Mantine Modal still renders its portal, and its hooks and queries run), and
 * then stays mounted so that it closes with its transition.
 */
export function useAbertoAlgumaVez(aberto: boolean): boolean {
  const [jaAberto, setJaAberto] = useState(aberto);
  // Derived state set during render: React re-renders at once, before anything is committed.
  if (aberto && !jaAberto) setJaAberto(true);
  return jaAberto || aberto;
}
