import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { aposConfirmar } from '../db/aposConfirmar.ts';
import type { Transaction } from '../db/client.ts';
import { IDLE_TIMEOUTS_MS } from '../timeouts.ts';
import { CANAL_SESSOES, ouvirSessoes } from './ouvinteSessoes.ts';
import type { SessaoRequest } from './requireSession.ts';

/**
 * The signed-in sessions this process resolved (who, which group and company, what rights; and GET
 * /api/sessao's answer once asked), so a call does not read them from the database again. Kept for
 * IDLE_TIMEOUTS_MS.sessionCache at most, and dropped at once by what changes them: avisarSessoes, in the
 * transaction of every such change, reaches this process after COMMIT and every other server process
 * through PostgreSQL's NOTIFY (ouvinteSessoes.ts; the embedded database has one process).
 */

/** Sessions a change affects: every one of the group, or of one user of it, or one session. */
export interface AlvoSessoes {
  grupoEmpresarial: string;
  usuario?: string;
  sessao?: string;
}

export interface SessaoGuardada {
  sessao: SessaoRequest;
  /** The row's last_seen_at and expires_at (ms): requireSession slides them now and then. */
  lastSeenAt: number;
  expiresAt: number;
  /** GET /api/sessao's answer as sent (JSON), once a call asked it. */
  resposta?: string;
}

type Entrada = SessaoGuardada & { ate: number };

/** Resources whose records the session reads (users, access profiles, companies, the group): a write drops the group's sessions. */
export const RECURSOS_DA_SESSAO: ReadonlySet<string> = new Set(['usuario', 'acessoSistema', 'empresa', 'grupoEmpresarial']);

export class CacheSessoes {
  /** By the hash of the session token, least recently used first. */
  private readonly entradas = new Map<string, Entrada>();
  /** Counts invalidations: what was read from the database before one is not kept. */
  private geracao = 0;
  private suspensa = false;

  constructor(
    private readonly limites: { max: number; ttlMs: number },
    private readonly agora: () => number = Date.now,
  ) {}

  /** The session of a token hash, unless it is not kept, too old, expired, or the cache is suspended. */
  ler(chave: string): SessaoGuardada | undefined {
    if (this.suspensa) return undefined;
    const entrada = this.entradas.get(chave);
    if (!entrada) return undefined;
    const agora = this.agora();
    this.entradas.delete(chave);
    if (agora >= entrada.ate || agora >= entrada.expiresAt) return undefined;
    this.entradas.set(chave, entrada);
    return entrada;
  }

  /** Taken before reading the database; guardar then keeps what was read only if nothing changed since. */
  marca(): number {
    return this.geracao;
  }

  /** Keeps `valor` (the object itself: requireSession updates its lastSeenAt). */
  guardar(chave: string, marca: number, valor: SessaoGuardada): void {
    if (this.suspensa || marca !== this.geracao) return;
    this.entradas.delete(chave);
    this.entradas.set(chave, Object.assign(valor, { ate: this.agora() + this.limites.ttlMs }));
    for (const maisAntiga of this.entradas.keys()) {
      if (this.entradas.size <= this.limites.max) break;
      this.entradas.delete(maisAntiga);
    }
  }

  /** Adds GET /api/sessao's answer to a kept session. */
  guardarResposta(chave: string, marca: number, resposta: string): void {
    if (this.suspensa || marca !== this.geracao) return;
    const entrada = this.entradas.get(chave);
    if (entrada) entrada.resposta = resposta;
  }

  invalidar(alvo: AlvoSessoes): void {
    this.geracao++;
    for (const [chave, { sessao: s }] of this.entradas) {
      if (s.grupoEmpresarial === alvo.grupoEmpresarial && (!alvo.usuario || s.usuario === alvo.usuario) && (!alvo.sessao || s.id === alvo.sessao)) this.entradas.delete(chave);
    }
  }

  limpar(): void {
    this.geracao++;
    this.entradas.clear();
  }

  /** While changes of other processes may be missed (the listening connection is down): nothing is kept nor served. */
  suspender(): void {
    this.suspensa = true;
    this.limpar();
  }

  /** Listening again: whatever was missed meanwhile is not in the cache, which starts empty. */
  retomar(): void {
    this.limpar();
    this.suspensa = false;
  }
}

/** The caches of this process and the pool each reads through (an invalidation reaches those of its pool). */
const caches = new Set<{ pool: object; cache: CacheSessoes }>();

/**
 * In the transaction of a change to what sessions resolve (sign-out, password, user, access profile,
 * company, group): every process drops the sessions it affects once it commits. Other processes by
 * NOTIFY (PostgreSQL delivers it on COMMIT, never after a rollback); this one right after COMMIT, before
 * the answer leaves, so the next call of anyone reads the change.
 */
export async function avisarSessoes(tx: Transaction, alvo: AlvoSessoes): Promise<void> {
  await tx.execute(sql`select pg_notify(${CANAL_SESSOES}, ${JSON.stringify(alvo)})`);
  aposConfirmar(tx, (pool) => {
    for (const c of caches) if (!pool || c.pool === pool) c.cache.invalidar(alvo);
  });
}

/**
 * The app's session cache, reading through `pool`. With `escutarEm` (a PostgreSQL address) it listens
 * for the changes of other server processes, and serves nothing until it does; without it (the
 * embedded database, a single process) only this process's changes exist.
 */
export async function criarCacheSessoes(app: FastifyInstance, pool: object, escutarEm: string | null): Promise<CacheSessoes> {
  const cache = new CacheSessoes({ max: 10_000, ttlMs: IDLE_TIMEOUTS_MS.sessionCache });
  const registro = { pool, cache };
  caches.add(registro);
  const ouvinte = escutarEm ? ouvirSessoes(escutarEm, cache, app.log) : undefined;
  await ouvinte?.pronto;
  app.addHook('onClose', async () => {
    caches.delete(registro);
    await ouvinte?.parar();
  });
  return cache;
}
