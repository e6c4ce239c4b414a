import { describe, expect, it } from 'vitest';
import { LIMITES_ENTRADA, TentativasEntrada } from './tentativasEntrada.ts';

const relogio = () => {
  const r = { agora: 1_000_000, avancar: (ms: number) => (r.agora += ms) };
  return r;
};
const novo = () => {
  const r = relogio();
  return { r, t: new TentativasEntrada(LIMITES_ENTRADA, () => r.agora) };
};
const falhar = (t: TentativasEntrada, endereco: string, login: string, vezes: number) => {
  for (let i = 0; i < vezes; i++) t.falhou(endereco, login);
};

describe('TentativasEntrada', () => {
  it('stops a guesser at one address for that login, and lets the real user in from another', () => {
    const { r, t } = novo();
    falhar(t, '10.0.0.1', 'admin@demo.com.br', 4);
    expect(t.espera('10.0.0.1', 'admin@demo.com.br')).toBe(0);
    t.falhou('10.0.0.1', 'ADMIN@demo.com.br ');
    // The fifth failure: this address waits for the window (Retry-After in seconds) for this login…
    expect(t.espera('10.0.0.1', 'admin@demo.com.br')).toBe(15 * 60);
    // …but the account is not locked: another address tries at once, and this address another login.
    expect(t.espera('10.0.0.2', 'admin@demo.com.br')).toBe(0);
    expect(t.espera('10.0.0.1', 'outro@demo.com.br')).toBe(0);
    r.avancar(15 * 60 * 1000);
    expect(t.espera('10.0.0.1', 'admin@demo.com.br')).toBe(0);
  });

  it('stops an address that sprays many logins', () => {
    const { t } = novo();
    for (let i = 0; i < 29; i++) t.falhou('10.0.0.9', `pessoa${i}@demo.com.br`);
    expect(t.espera('10.0.0.9', 'nova@demo.com.br')).toBe(0);
    t.falhou('10.0.0.9', 'pessoa29@demo.com.br');
    expect(t.espera('10.0.0.9', 'nova@demo.com.br')).toBeGreaterThan(0);
    expect(t.espera('10.0.0.8', 'nova@demo.com.br')).toBe(0);
  });

  it('slows a login guessed from many addresses with a delay that doubles up to a minute, never a lock', () => {
    const { r, t } = novo();
    for (let i = 0; i < 10; i++) t.falhou(`10.1.0.${i}`, 'alvo@demo.com.br');
    // Ten failures are free; then each new try waits from the last failure: 1 s, 2 s, 4 s… 60 s.
    expect(t.espera('10.2.0.1', 'alvo@demo.com.br')).toBe(1);
    const esperas: number[] = [];
    for (let i = 0; i < 9; i++) {
      const espera = t.espera('10.2.0.1', 'alvo@demo.com.br');
      esperas.push(espera);
      r.avancar(espera * 1000);
      expect(t.espera('10.2.0.1', 'alvo@demo.com.br')).toBe(0);
      t.falhou(`10.3.0.${i}`, 'alvo@demo.com.br');
    }
    expect(esperas).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // Other logins are not slowed.
    expect(t.espera('10.2.0.1', 'outro@demo.com.br')).toBe(0);
  });

  it('does not slow the user at an address they signed in from, whatever the other addresses do', () => {
    const { r, t } = novo();
    t.entrou('192.168.0.10', 'alvo@demo.com.br');
    for (let i = 0; i < 20; i++) t.falhou(`10.1.0.${i}`, 'alvo@demo.com.br');
    expect(t.espera('10.2.0.1', 'alvo@demo.com.br')).toBeGreaterThan(0);
    expect(t.espera('192.168.0.10', 'alvo@demo.com.br')).toBe(0);
    // The address's own count still applies to it.
    falhar(t, '192.168.0.10', 'alvo@demo.com.br', 5);
    expect(t.espera('192.168.0.10', 'alvo@demo.com.br')).toBeGreaterThan(0);
    // Known for 30 days.
    r.avancar(31 * 24 * 60 * 60 * 1000);
    falhar(t, '10.9.0.1', 'alvo@demo.com.br', 4);
    falhar(t, '10.9.0.2', 'alvo@demo.com.br', 4);
    falhar(t, '10.9.0.3', 'alvo@demo.com.br', 4);
    expect(t.espera('192.168.0.10', 'alvo@demo.com.br')).toBeGreaterThan(0);
  });

  it('signing in clears the pair but not the address count', () => {
    const { t } = novo();
    falhar(t, '10.0.0.1', 'eu@demo.com.br', 4);
    for (let i = 0; i < 26; i++) t.falhou('10.0.0.1', `outro${i}@demo.com.br`);
    t.entrou('10.0.0.1', 'eu@demo.com.br');
    expect(t.espera('10.0.0.1', 'eu@demo.com.br')).toBeGreaterThan(0);
  });
});
