import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CANAL_KDS, type EventoKds } from './eventos.ts';

const ESPERA_MS = { primeira: 250, maxima: 5_000 };
const VERIFICAR_A_CADA_MS = 15_000;

export interface OuvinteKds {
  pronto: Promise<void>;
  parar(): Promise<void>;
}

/**
 * LISTEN on a connection of its own for the boards' events of every server process. An event too big
 * for NOTIFY comes as its id (`ref`), which `porId` reads. When the connection comes back after a loss,
 * `voltou` lets the boards catch up on what went by meanwhile.
 */
export function ouvirKds(
  url: string,
  log: FastifyBaseLogger,
  h: { evento(e: EventoKds): void; porId(grupo: string, id: number): Promise<EventoKds | null>; voltou(): void },
): OuvinteKds {
  let parado = false;
  let cliente: pg.Client | undefined;
  let religar: NodeJS.Timeout | undefined;
  let espera = ESPERA_MS.primeira;
  let jaOuviu = false;

  async function conectar(): Promise<void> {
    if (parado) return;
    const c = new pg.Client({ connectionString: url, application_name: 'retaguarda-kds', keepAlive: true, connectionTimeoutMillis: 5_000 });
    cliente = c;
    let verificacao: NodeJS.Timeout | undefined;
    let caiu = false;
    const queda = (erro?: unknown) => {
      if (caiu) return;
      caiu = true;
      clearInterval(verificacao);
      c.end().catch(() => {});
      if (parado) return;
      log.warn({ err: erro }, `KDS: conexão de avisos perdida; nova tentativa em ${espera} ms.`);
      religar = setTimeout(() => void conectar(), espera);
      religar.unref();
      espera = Math.min(espera * 2, ESPERA_MS.maxima);
    };
    c.on('error', queda);
    c.on('end', () => queda());
    c.on('notification', (aviso) => {
      if (aviso.channel !== CANAL_KDS || !aviso.payload) return;
      try {
        const lido = JSON.parse(aviso.payload) as EventoKds & { ref?: boolean };
        if (!lido.ref) return h.evento(lido);
        h.porId(lido.grupoEmpresarial, lido.id).then((e) => e && h.evento(e), (erro: unknown) => log.error({ err: erro }, 'KDS: evento não lido'));
      } catch (erro) {
        log.error({ err: erro }, 'KDS: aviso ilegível');
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${CANAL_KDS}`);
    } catch (erro) {
      queda(erro);
      return;
    }
    if (caiu || parado) return;
    espera = ESPERA_MS.primeira;
    // Events of the time without a connection were not heard: the boards read them from the table.
    if (jaOuviu) h.voltou();
    jaOuviu = true;
    verificacao = setInterval(() => c.query('select 1').catch(queda), VERIFICAR_A_CADA_MS);
    verificacao.unref();
  }

  return {
    pronto: conectar(),
    async parar() {
      parado = true;
      clearTimeout(religar);
      await cliente?.end().catch(() => {});
    },
  };
}
