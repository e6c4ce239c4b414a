import type { KeyValueStorage } from '../session/persistence.ts';

/**
 * "Este computador": which terminal this computer is, per company (a computer may work for several
 * companies; each has its own terminals). Kept in local storage, never on the server: it describes
 * the machine, not the user.
 */
export const CHAVE_TERMINAL = 'retaguarda.terminalPorEmpresa';

function ler(storage: KeyValueStorage): Record<string, string> {
  try {
    const valor = JSON.parse(storage.getItem(CHAVE_TERMINAL) ?? '{}') as unknown;
    if (!valor || typeof valor !== 'object' || Array.isArray(valor)) return {};
    return Object.fromEntries(Object.entries(valor).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  } catch {
    return {};
  }
}

export function terminalDoComputador(storage: KeyValueStorage, empresaId: string): string | null {
  return ler(storage)[empresaId] ?? null;
}

export function escolherTerminal(storage: KeyValueStorage, empresaId: string, terminalId: string | null): void {
  const atual = ler(storage);
  if (terminalId) atual[empresaId] = terminalId;
  else delete atual[empresaId];
  if (Object.keys(atual).length) storage.setItem(CHAVE_TERMINAL, JSON.stringify(atual));
  else storage.removeItem(CHAVE_TERMINAL);
}
