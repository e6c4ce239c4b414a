import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../session/persistence.ts';
import { CHAVE_TERMINAL, escolherTerminal, terminalDoComputador } from './terminalLocal.ts';

describe('"Este computador": the terminal of this computer, per company, in local storage', () => {
  it('keeps one terminal per company and forgets it when set to none', () => {
    const storage = memoryStorage();
    expect(terminalDoComputador(storage, 'emp-1')).toBeNull();
    escolherTerminal(storage, 'emp-1', 'term-1');
    escolherTerminal(storage, 'emp-2', 'term-9');
    expect(terminalDoComputador(storage, 'emp-1')).toBe('term-1');
    expect(terminalDoComputador(storage, 'emp-2')).toBe('term-9');
    escolherTerminal(storage, 'emp-1', null);
    expect(terminalDoComputador(storage, 'emp-1')).toBeNull();
    escolherTerminal(storage, 'emp-2', null);
    expect(storage.getItem(CHAVE_TERMINAL)).toBeNull();
  });

  it('reads a damaged value as nothing chosen', () => {
    const storage = memoryStorage();
    storage.setItem(CHAVE_TERMINAL, '{quebrado');
    expect(terminalDoComputador(storage, 'emp-1')).toBeNull();
    storage.setItem(CHAVE_TERMINAL, JSON.stringify({ 'emp-1': 42 }));
    expect(terminalDoComputador(storage, 'emp-1')).toBeNull();
  });
});
