import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { AlvoSessoes, CacheSessoes } from './cacheSessoes.ts';

/** The NOTIFY channel every server process of a PostgreSQL database listens on. */
export const CANAL_SESSOES = 'retaguarda_sessoes';

/** How often the listening connection is checked, and how long connecting or a check may take before it counts as lost. */
const VERIFICAR_A_CADA_MS = 15_000;
const RESPOSTA_EM_MS = 5_000;
/** Waits between attempts to listen again: doubling from the first to the last. */
const ESPERA_MS = { primeira: 250, maxima: 5_000 };

export interface OuvinteSessoes {
  /** The first attempt to listen ended (listening, or retrying in the background). */
  pronto: Promise<void>;
  parar(): Promise<void>;
}

function lerAlvo(payload: string | undefined): AlvoSessoes | null {
  try {
    const alvo = JSON.parse(payload ?? '') as Partial<AlvoSessoes>;
    return typeof alvo.grupoEmpresarial === 'string' ? (alvo as AlvoSessoes) : null;
  } catch {
    return null;
  }
}

/**
 * LISTEN on its own connection (not the pool's: it stays open) for the session changes of every server
 * process. While it is not listening (starting, or the connection lost: a restart, pg_terminate_backend,
 * the network) the cache is suspended, so no call is answered from what may have changed unseen; it
 * connects again by itself and the cache starts empty.
 */
export function ouvirSessoes(url: string, cache: CacheSessoes, log: FastifyBaseLogger): OuvinteSessoes {
  let parado = false;
  let cliente: pg.Client | undefined;
  let religar: NodeJS.Timeout | undefined;
  let espera = ESPERA_MS.primeira;
  cache.suspender();

  async function conectar(): Promise<void> {
    if (parado) return;
    const c = new pg.Client({ connectionString: url, application_name: 'retaguarda-sessoes', keepAlive: true, connectionTimeoutMillis: RESPOSTA_EM_MS });
    cliente = c;
    let verificacao: NodeJS.Timeout | undefined;
    let caiu = false;
    const queda = (erro?: unknown) => {
      if (caiu) return;
      caiu = true;
      cache.suspender();
      clearInterval(verificacao);
      c.end().catch(() => {});
      if (parado) return;
      log.warn({ err: erro }, `Avisos de sessão: conexão perdida; as sessões são lidas do banco a cada chamada até voltar (nova tentativa em ${espera} ms).`);
      religar = setTimeout(() => void conectar(), espera);
      religar.unref();
      espera = Math.min(espera * 2, ESPERA_MS.maxima);
    };
    c.on('error', queda);
    c.on('end', () => queda());
    c.on('notification', (aviso) => {
      if (aviso.channel !== CANAL_SESSOES) return;
      const alvo = lerAlvo(aviso.payload);
      if (alvo) cache.invalidar(alvo);
      else cache.limpar();
    });
    try {
      await c.connect();
      await c.query(`listen ${CANAL_SESSOES}`);
    } catch (erro) {
      queda(erro);
      return;
    }
    if (caiu || parado) return;
    if (espera > ESPERA_MS.primeira) log.info('Avisos de sessão: conexão refeita; o cache de sessões voltou.');
    espera = ESPERA_MS.primeira;
    cache.retomar();
    // A connection can die without a word (a network gone quiet): an unanswered check counts as lost.
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
      cache.suspender();
      await cliente?.end().catch(() => {});
    },
  };
}
