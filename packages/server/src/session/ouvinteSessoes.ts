import type { FastifyBaseLogger } from 'fastify';
import { ouvirCanal, type OuvinteCanal } from '../db/ouvirCanal.ts';
import type { AlvoSessoes, CacheSessoes } from './cacheSessoes.ts';

/** The NOTIFY channel every server process of a PostgreSQL database listens on. */
export const CANAL_SESSOES = 'retaguarda_sessoes';

function lerAlvo(payload: string | undefined): AlvoSessoes | null {
  try {
    const alvo = JSON.parse(payload ?? '') as Partial<AlvoSessoes>;
    return typeof alvo.grupoEmpresarial === 'string' ? (alvo as AlvoSessoes) : null;
  } catch {
    return null;
  }
}

/**
 * LISTEN (db/ouvirCanal.ts) for the session changes of every server process. While it is not listening
 * (starting, or the connection lost: a restart, pg_terminate_backend, the network) the cache is
 * suspended, so no call is answered from what may have changed unseen; once listening again the cache
 * starts empty.
 */
export function ouvirSessoes(url: string, cache: CacheSessoes, log: FastifyBaseLogger): OuvinteCanal {
  cache.suspender();
  return ouvirCanal(url, CANAL_SESSOES, log, {
    rotulo: 'Avisos de sessão',
    aviso(payload) {
      const alvo = lerAlvo(payload);
      if (alvo) cache.invalidar(alvo);
      else cache.limpar();
    },
    ouvindo: () => cache.retomar(),
    perdido: () => cache.suspender(),
  });
}
