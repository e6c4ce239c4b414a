import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context.ts';
import { kdsEvento } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { configJson } from '../plugins/web.ts';
import { SESSION_COOKIE } from '../session/cookie.ts';
import { findDispositivo, findSession } from '../session/ownerQueries.ts';
import { sha256 } from '../session/tokens.ts';
import { IDLE_TIMEOUTS_MS } from '../timeouts.ts';
import { eventoDaLinha, registrarQuadros, type EventoKds } from './eventos.ts';
import { ouvirKds } from './ouvinteKds.ts';
import { lerQuadro, type Quadro } from './quadro.ts';

/** Who a board is: the group and company it belongs to (from its credential or session, never from what it says) and its station. */
export interface Conectado {
  grupoEmpresarial: string;
  empresa: string;
  quadro: Quadro;
  /** The highest event id sent to this socket. */
  ultimo: number;
  /** What it signed in with, looked up again now and then (conferirAcessos). */
  acesso: { dispositivo: string } | { sessao: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    kds: { io: Server; conferirAcessos(): Promise<void> };
  }
}

/**
 * A room per group, company and sector: the group is in the name, so an event of one group is never
 * emitted to a board of another. A station joins the rooms of its sectors, the dispatch those it gathers.
 */
const salaKds = (grupo: string, empresa: string, setor: string) => `kds:${grupo}:${empresa}:${setor}`;

/** Device token (the board of a station) or a signed-in user's cookie with the station or dispatch it opens. */
async function autenticar(app: FastifyInstance, ctx: AppContext, socket: Socket): Promise<Omit<Conectado, 'ultimo'>> {
  const auth = (socket.handshake.auth ?? {}) as { token?: unknown; estacao?: unknown };
  if (typeof auth.token === 'string' && auth.token) {
    const d = await findDispositivo(ctx.db, { sessaoHash: sha256(auth.token) });
    const estacao = d?.dados.estacao;
    if (!d || typeof estacao !== 'string') throw new Error('Credencial do aparelho inválida ou sem estação.');
    const quadro = await withTenant(ctx.db, { grupoEmpresarial: d.grupoEmpresarial, empresa: d.empresa }, (tx) => lerQuadro(tx, d.empresa, estacao));
    return { grupoEmpresarial: d.grupoEmpresarial, empresa: d.empresa, quadro, acesso: { dispositivo: sha256(auth.token) } };
  }
  const token = app.parseCookie(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
  const s = token ? await findSession(ctx.db, sha256(token)) : null;
  if (!s) throw new Error('Sessão expirada. Entre novamente.');
  if (typeof auth.estacao !== 'string' || !auth.estacao) throw new Error('Informe a estação.');
  const estacao = auth.estacao;
  const quadro = await withTenant(ctx.db, { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa }, (tx) => lerQuadro(tx, s.empresa, estacao));
  return { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, quadro, acesso: { sessao: sha256(token!) } };
}

/** Still valid: the device's session (not revoked, deactivated nor trashed) or the user's. */
async function valeAinda(ctx: AppContext, acesso: Conectado['acesso']): Promise<boolean> {
  if ('dispositivo' in acesso) return (await findDispositivo(ctx.db, { sessaoHash: acesso.dispositivo })) !== null;
  return (await findSession(ctx.db, acesso.sessao)) !== null;
}

/** The events of the board's sectors after `desde`, oldest first (anunciar commits them in id order). */
async function eventosDesde(ctx: AppContext, c: Pick<Conectado, 'grupoEmpresarial' | 'empresa' | 'quadro'>, desde: number): Promise<EventoKds[]> {
  const setores = c.quadro.setores.map((s) => s._id);
  if (!setores.length) return [];
  const linhas = await withTenant(ctx.db, { grupoEmpresarial: c.grupoEmpresarial, empresa: c.empresa }, (tx) =>
    tx
      .select()
      .from(kdsEvento)
      .where(
        and(
          eq(kdsEvento.grupoEmpresarialId, c.grupoEmpresarial),
          eq(kdsEvento.empresaId, c.empresa),
          gt(kdsEvento.id, desde),
          sql`${kdsEvento.setores} && array[${sql.join(setores.map((id) => sql`${id}`), sql`, `)}]::text[]`,
        ),
      )
      .orderBy(asc(kdsEvento.id))
      .limit(5000),
  );
  return linhas.map(eventoDaLinha);
}

/**
 * The boards' Socket.IO server at config.json's pathSocket, on the app's HTTP server. A board connects
 * with `auth: { token }` (device) or its user cookie and `auth: { estacao }`, plus `ultimoEvento`, the
 * last event id it saw: it first receives what it missed ('kds' events, oldest first), then live ones.
 * `escutarEm`: the PostgreSQL address whose NOTIFY brings every process's events; null: this process only.
 */
export async function registrarSocketKds(app: FastifyInstance, ctx: AppContext, escutarEm: string | null): Promise<Server> {
  const io = new Server(app.server, { path: configJson(ctx.config).pathSocket, serveClient: false });

  const enviar = (socket: Socket, e: EventoKds) => {
    const c = socket.data as Conectado;
    c.ultimo = Math.max(c.ultimo, e.id);
    socket.emit('kds', e);
  };

  async function alcancar(socket: Socket, desde: number) {
    for (const e of await eventosDesde(ctx, socket.data as Conectado, desde)) enviar(socket, e);
  }

  io.use((socket, next) => {
    autenticar(app, ctx, socket).then(
      (c) => {
        socket.data = { ...c, ultimo: 0 } satisfies Conectado;
        next();
      },
      (erro: unknown) => next(erro instanceof Error ? erro : new Error('Não autorizado.')),
    );
  });

  io.on('connection', (socket) => {
    const c = socket.data as Conectado;
    // 0 is a position too (the store had no event when the board read it): an order sent between that read and
    // this connection must still reach it. Absent: live events only.
    const ultimoEvento = (socket.handshake.auth as { ultimoEvento?: unknown }).ultimoEvento;
    const desde = typeof ultimoEvento === 'number' && Number.isSafeInteger(ultimoEvento) && ultimoEvento >= 0 ? ultimoEvento : null;
    // Rooms first, then what was missed: an event in between comes both ways and the board keeps it once.
    void socket.join(c.quadro.setores.map((s) => salaKds(c.grupoEmpresarial, c.empresa, s._id)));
    if (desde !== null) {
      c.ultimo = Math.max(c.ultimo, desde);
      alcancar(socket, desde).then(
        () => socket.emit('kds:em-dia', { ultimo: c.ultimo }),
        (erro: unknown) => app.log.error({ err: erro }, 'KDS: falha ao alcançar os eventos perdidos'),
      );
    } else socket.emit('kds:em-dia', { ultimo: 0 });
  });

  const publicar = (e: EventoKds) => {
    if (!e.setores.length) return;
    // One emit to several rooms reaches each socket once.
    io.to(e.setores.map((s) => salaKds(e.grupoEmpresarial, e.empresa, s))).emit('kds', e);
  };
  const sair = registrarQuadros({ pool: ctx.pool, ouveNotify: escutarEm !== null, publicar });
  const ouvinte = escutarEm
    ? ouvirKds(escutarEm, app.log, {
        evento: publicar,
        porId: async (grupo, id) => {
          const [r] = await withTenant(ctx.db, { grupoEmpresarial: grupo }, (tx) => tx.select().from(kdsEvento).where(and(eq(kdsEvento.grupoEmpresarialId, grupo), eq(kdsEvento.id, id))));
          return r ? eventoDaLinha(r) : null;
        },
        voltou: () => {
          for (const socket of io.of('/').sockets.values()) void alcancar(socket, (socket.data as Conectado).ultimo).catch(() => {});
        },
      })
    : undefined;
  await ouvinte?.pronto;

  // A board stays connected for days: what it signed in with is looked up again, and a revoked device,
  // a signed-out user, leaves (told by 'kds:saiu', so the page asks for the credential again).
  async function conferirAcessos() {
    for (const socket of io.of('/').sockets.values()) {
      if (await valeAinda(ctx, (socket.data as Conectado).acesso)) continue;
      socket.emit('kds:saiu');
      socket.disconnect(true);
    }
  }
  const conferencia = setInterval(() => void conferirAcessos().catch((erro: unknown) => app.log.warn({ err: erro }, 'KDS: falha ao conferir os acessos')), IDLE_TIMEOUTS_MS.kdsAcesso);
  conferencia.unref();
  app.decorate('kds', { io, conferirAcessos });

  app.addHook('preClose', async () => {
    clearInterval(conferencia);
    sair();
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await ouvinte?.parar();
    // The HTTP server is Fastify's: it closes it.
    io.engine.close();
  });
  return io;
}
