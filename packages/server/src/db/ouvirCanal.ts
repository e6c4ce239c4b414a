import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** How often the listening connection is checked, and how long connecting or a check may take before it counts as lost. */
const VERIFICAR_A_CADA_MS = 15_000;
const RESPOSTA_EM_MS = 5_000;
/** Waits between attempts to listen again: doubling from the first to the last. */
const ESPERA_MS = { primeira: 250, maxima: 5_000 };

export interface OuvinteCanal {
  /** The first attempt to listen ended (listening, or retrying in the background). */
  pronto: Promise<void>;
  parar(): Promise<void>;
}

export interface AoOuvir {
  /** What the log calls this listener ('KDS', 'Avisos de sessão'). */
  rotulo: string;
  /** One NOTIFY of the channel, its payload as sent. */
  aviso(payload: string | undefined): void;
  /** Listening now; `religou`: it had listened before, so what was sent in between was not heard. */
  ouvindo?(religou: boolean): void;
  /** The connection was lost (or stopped): nothing is heard until `ouvindo` again. */
  perdido?(): void;
}

/**
 * LISTEN on `canal` on a connection of its own (not the pool's: it stays open), for what every server
 * process sends there. A lost connection (a restart, pg_terminate_backend, a network gone quiet: an
 * unanswered check counts as lost) is connected again by itself, waiting longer after each failure.
 */
export function ouvirCanal(url: string, canal: string, log: FastifyBaseLogger, h: AoOuvir): OuvinteCanal {
  let parado = false;
  let cliente: pg.Client | undefined;
  let religar: NodeJS.Timeout | undefined;
  let espera = ESPERA_MS.primeira;
  let jaOuviu = false;

  async function conectar(): Promise<void> {
    if (parado) return;
    const c = new pg.Client({ connectionString: url, application_name: `retaguarda-${canal.replace(/^retaguarda_/, '')}`, keepAlive: true, connectionTimeoutMillis: RESPOSTA_EM_MS });
    cliente = c;
    let verificacao: NodeJS.Timeout | undefined;
    let caiu = false;
    const queda = (erro?: unknown) => {
      if (caiu) return;
      caiu = true;
      h.perdido?.();
      clearInterval(verificacao);
      c.end().catch(() => {});
      if (parado) return;
      log.warn({ err: erro }, `${h.rotulo}: conexão perdida; nova tentativa em ${espera} ms.`);
      religar = setTimeout(() => void conectar(), espera);
      religar.unref();
      espera = Math.min(espera * 2, ESPERA_MS.maxima);
    };
    c.on('error', queda);
    c.on('end', () => queda());
    c.on('notification', (aviso) => {
      if (aviso.channel === canal) h.aviso(aviso.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${canal}`);
    } catch (erro) {
      queda(erro);
      return;
    }
    if (caiu || parado) return;
    if (espera > ESPERA_MS.primeira) log.info(`${h.rotulo}: conexão refeita.`);
    espera = ESPERA_MS.primeira;
    h.ouvindo?.(jaOuviu);
    jaOuviu = true;
    verificacao = setInterval(() => {
      const limite = new Promise((_, falhar) => setTimeout(() => falhar(new Error('sem resposta do banco')), RESPOSTA_EM_MS).unref());
      Promise.race([c.query('select 1'), limite]).catch(queda);
    }, VERIFICAR_A_CADA_MS);
    verificacao.unref();
  }

  return {
    pronto: conectar(),
    async parar() {
      parado = true;
      clearTimeout(religar);
      h.perdido?.();
      await cliente?.end().catch(() => {});
    },
  };
}
