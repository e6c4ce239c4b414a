import { semPermissoes } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { portaLivre } from '../../test/processos.ts';
import { CacheSessoes, type SessaoGuardada } from './cacheSessoes.ts';
import { ouvirSessoes } from './ouvinteSessoes.ts';

const guardada = (id: string, grupoEmpresarial = 'g1', usuario = `u-${id}`): SessaoGuardada => ({
  sessao: { id, usuario, grupoEmpresarial, empresa: 'e1', permissoes: semPermissoes() },
  lastSeenAt: 0,
  expiresAt: 1_000_000,
});

describe('CacheSessoes', () => {
  it('serves a session until its time in memory or its expiry passes', () => {
    let agora = 0;
    const cache = new CacheSessoes({ max: 10, ttlMs: 100 }, () => agora);
    cache.guardar('a', cache.marca(), guardada('a'));
    cache.guardar('b', cache.marca(), { ...guardada('b'), expiresAt: 50 });
    expect(cache.ler('a')?.sessao.id).toBe('a');
    agora = 50;
    expect(cache.ler('b')).toBeUndefined();
    agora = 100;
    expect(cache.ler('a')).toBeUndefined();
  });

  it('keeps at most `max` sessions, dropping the least recently used', () => {
    const cache = new CacheSessoes({ max: 2, ttlMs: 1000 }, () => 0);
    cache.guardar('a', cache.marca(), guardada('a'));
    cache.guardar('b', cache.marca(), guardada('b'));
    cache.ler('a');
    cache.guardar('c', cache.marca(), guardada('c'));
    expect([cache.ler('a'), cache.ler('b'), cache.ler('c')].map((g) => g?.sessao.id)).toEqual(['a', undefined, 'c']);
  });

  it('drops what a change affects (a session, a user, a group) and never keeps what was read before it', () => {
    const cache = new CacheSessoes({ max: 10, ttlMs: 1000 }, () => 0);
    for (const [chave, grupo, usuario] of [['a', 'g1', 'u1'], ['b', 'g1', 'u1'], ['c', 'g1', 'u2'], ['d', 'g2', 'u3']] as const) cache.guardar(chave, cache.marca(), guardada(chave, grupo, usuario));
    cache.invalidar({ grupoEmpresarial: 'g1', sessao: 'a' });
    expect(cache.ler('a')).toBeUndefined();
    expect(cache.ler('b')).toBeDefined();
    cache.invalidar({ grupoEmpresarial: 'g1', usuario: 'u1' });
    expect(cache.ler('b')).toBeUndefined();
    expect(cache.ler('c')).toBeDefined();
    cache.invalidar({ grupoEmpresarial: 'g1' });
    expect(cache.ler('c')).toBeUndefined();
    expect(cache.ler('d')).toBeDefined();

    // Read from the database, then a change committed before it was kept: not kept.
    const marca = cache.marca();
    cache.invalidar({ grupoEmpresarial: 'g9' });
    cache.guardar('e', marca, guardada('e'));
    cache.guardarResposta('d', marca, '{}');
    expect(cache.ler('e')).toBeUndefined();
    expect(cache.ler('d')?.resposta).toBeUndefined();
  });

  it('serves and keeps nothing while it does not listen to the database', async () => {
    const cache = new CacheSessoes({ max: 10, ttlMs: 1000 });
    cache.guardar('a', cache.marca(), guardada('a'));
    const avisos: string[] = [];
    const log = { warn: (_: unknown, m: string) => avisos.push(m), info: () => {} } as never;
    // Nothing listens on this port: the listener keeps trying in the background.
    const ouvinte = ouvirSessoes(`postgres://postgres@127.0.0.1:${await portaLivre()}/postgres`, cache, log);
    try {
      await ouvinte.pronto;
      expect(cache.ler('a')).toBeUndefined();
      cache.guardar('b', cache.marca(), guardada('b'));
      expect(cache.ler('b')).toBeUndefined();
      expect(avisos[0]).toMatch(/^Avisos de sessão: conexão perdida/);
    } finally {
      await ouvinte.parar();
    }
  });
});
