import type { FastifyBaseLogger } from 'fastify';
import { ouvirCanal, type OuvinteCanal } from '../db/ouvirCanal.ts';
import { CANAL_KDS, type EventoKds } from './eventos.ts';

/**
 * LISTEN (ouvirCanal) for the boards' events of every server process. An event too big for NOTIFY comes
 * as its id (`ref`), which `porId` reads. When the connection comes back after a loss, `voltou` lets the
 * boards catch up on what went by meanwhile.
 */
export function ouvirKds(
  url: string,
  log: FastifyBaseLogger,
  h: { evento(e: EventoKds): void; porId(grupo: string, id: number): Promise<EventoKds | null>; voltou(): void },
): OuvinteCanal {
  return ouvirCanal(url, CANAL_KDS, log, {
    rotulo: 'KDS',
    aviso(payload) {
      if (!payload) return;
      try {
        const lido = JSON.parse(payload) as EventoKds & { ref?: boolean };
        if (!lido.ref) return h.evento(lido);
        h.porId(lido.grupoEmpresarial, lido.id).then((e) => e && h.evento(e), (erro: unknown) => log.error({ err: erro }, 'KDS: evento não lido'));
      } catch (erro) {
        log.error({ err: erro }, 'KDS: aviso ilegível');
      }
    },
    // Events of the time without a connection were not heard: the boards read them from the table.
    ouvindo: (religou) => religou && h.voltou(),
  });
}
