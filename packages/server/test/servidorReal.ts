import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { pastaDoBanco } from '../src/db/embedded/lock.ts';
import { openDatabase, type OpenDatabase } from '../src/db/open.ts';
import { esperarAte } from './espera.ts';
import { portaLivre } from './processos.ts';
import { ensureServerBuild } from '../../../scripts/lib/servidor.mjs';

/** The embedded database's process as the bundle runs it (dist/child.mjs), to find it among the server's children. */
export const BANCO_EMBUTIDO = 'dist/child.mjs';
import { createTestContext, onPostgres } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

// The real server as an operator runs it (`npm start`: its own process, the embedded database in a
// child process, or DATABASE_URL), for the tests that kill processes and connections.

const raiz = resolve(import.meta.dirname, '../../..');

export interface ProcessoServidor {
  url: string;
  pid: number;
  /** Everything it printed so far. */
  saida(): string;
  /** SIGTERM, as an operator stops it (SIGKILL after 20 s); waits for it to exit. */
  parar(): Promise<void>;
  /** SIGKILL, as the OOM killer would: no chance to close anything. Waits for it to exit. */
  matar(): Promise<void>;
}

/**
 * Starts packages/server/src/main.ts with `env` on a free port and waits until /api/health answers.
 * Generous limit: on a busy 2-core machine tsx, the embedded database and the migrations take a while.
 */
export async function iniciarServidor(env: Record<string, string>, limiteMs = 180_000): Promise<ProcessoServidor> {
  const porta = await portaLivre();
  const url = `http://127.0.0.1:${porta}`;
  let impresso = '';
  // The bundle `npm start` runs (rebuilt here when a source is newer).
  const processo = spawn(process.execPath, ['--enable-source-maps', await ensureServerBuild()], {
    cwd: raiz,
    env: { ...process.env, PORT: String(porta), HOST: '127.0.0.1', APP_URL: url, SMTP_URL: '', WEB_DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'warn', DEMO_VENDAS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processo.stdout.on('data', (pedaco: Buffer) => (impresso += pedaco.toString()));
  processo.stderr.on('data', (pedaco: Buffer) => (impresso += pedaco.toString()));
  const terminou = new Promise<void>((pronto) => processo.once('exit', () => pronto()));
  const saida = () => impresso;
  const encerrar = async (sinal: NodeJS.Signals) => {
    if (processo.exitCode !== null || processo.signalCode !== null) return;
    processo.kill(sinal);
    const forcar = setTimeout(() => processo.kill('SIGKILL'), 20_000);
    await terminou;
    clearTimeout(forcar);
  };
  try {
    await esperarAte(
      async () => {
        if (processo.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${saida()}`);
        return fetch(`${url}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
      },
      limiteMs,
      `o servidor responder em ${url}`,
      250,
    );
  } catch (erro) {
    await encerrar('SIGKILL');
    throw erro;
  }
  return { url, pid: processo.pid!, saida, parar: () => encerrar('SIGTERM'), matar: () => encerrar('SIGKILL') };
}

export interface BancoDeTeste {
  /** What points a server at it: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** The scenario's products and payment methods. */
  ids: CenarioVendas['ids'];
  /** Credentials of distinct terminals of the same store. */
  tokens: string[];
  /** Opens it as the server does (PGlite: only while no server holds DATA_DIR). */
  abrir(): Promise<OpenDatabase>;
  descartar(): Promise<void>;
}

/**
 * A database migrated and seeded, with the sales scenario and `terminais` terminals with credentials,
 * on disk (DATA_DIR/pglite) or on TEST_DATABASE_URL: made in this process, then closed for a server.
 */
export async function prepararBanco(terminais = 1): Promise<BancoDeTeste> {
  const dataDir = mkdtempSync(join(tmpdir(), 'retaguarda-processo-'));
  const ctx = await createTestContext({}, onPostgres ? {} : { pastaPglite: pastaDoBanco(dataDir) });
  const admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const cenario = await prepararVendas(ctx, admin);
  const tokens = [cenario.token];
  for (let i = 2; i <= terminais; i++) {
    const terminal = await criar(admin, 'terminal', { descricao: `PDV ${i}`, tipo: 'PDV' });
    tokens.push((await admin('POST', `/terminal/${terminal._id}/credencial`)).body.data.token);
  }
  await ctx.app.close();
  await ctx.pool.end();
  // PGlite: closed, its files stay in DATA_DIR/pglite. PostgreSQL: kept until descartar().
  if (!onPostgres) await ctx.banco.stop();
  const env = { DATA_DIR: dataDir, DATABASE_URL: onPostgres ? ctx.banco.url : '' };
  return {
    env,
    ids: cenario.ids,
    tokens,
    abrir: () => openDatabase(loadConfig(env)),
    async descartar() {
      if (onPostgres) await ctx.banco.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An order of two items paid in two ways, so a half-written sale would show. */
export function pedidoCompleto(ids: CenarioVendas['ids'], pedidoId: string) {
  return {
    pedidoId,
    canal: 'Balcão',
    abertoEm: '2026-11-20T12:01:00-03:00',
    fechadoEm: '2026-11-20T12:05:00-03:00',
    itens: [
      { produto: ids.xis, quantidade: '1', precoUnitario: 3290 },
      { produto: ids.suco, quantidade: '1', precoUnitario: 900 },
    ],
    pagamentos: [
      { formaPagamento: ids.dinheiro, tPag: '01', valor: 2000, troco: 0 },
      { formaPagamento: ids.credito, tPag: '03', valor: 2190 },
    ],
    total: 4190,
  };
}

/** One order sent and what came back: the status, or 0 when no answer came (connection lost). */
export interface Envio {
  pedidoId: string;
  terminal: number;
  status: number;
  erro?: string;
}

/** Sends one order as a terminal does; never throws (no answer is status 0). */
export async function enviarPedido(url: string, token: string, terminal: number, body: { pedidoId: string }): Promise<Envio> {
  try {
    const res = await fetch(`${url}/api/vendas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const corpo = await res.text();
    return { pedidoId: body.pedidoId, terminal, status: res.status, ...(res.status >= 300 ? { erro: corpo } : {}) };
  } catch (erro) {
    return { pedidoId: body.pedidoId, terminal, status: 0, erro: erro instanceof Error ? `${erro.message} ${String(erro.cause ?? '')}` : String(erro) };
  }
}

export interface VendaGravada {
  vezes: number;
  itens: number;
  pagamentos: number;
  total: number;
}

/** The stored sales whose pedidoId starts with `prefixo`, by pedidoId, with their items and payments. */
export async function vendasGravadas(banco: OpenDatabase, prefixo: string): Promise<Map<string, VendaGravada>> {
  const { rows } = await banco.db.execute<{ pedido_id: string; vezes: number; itens: number; pagamentos: number; total: number }>(sql`
    select v.pedido_id, count(*)::int as vezes, sum((select count(*) from venda_item i where i.venda_id = v.id))::int as itens,
      sum((select count(*) from venda_pagamento p where p.venda_id = v.id))::int as pagamentos, sum(v.total)::int as total
    from venda v where v.pedido_id like ${`${prefixo}%`} group by v.pedido_id`);
  return new Map(rows.map((r) => [r.pedido_id, { vezes: r.vezes, itens: r.itens, pagamentos: r.pagamentos, total: r.total }]));
}

/** Sales and their total as stored, and as the hourly rollup (written in the same transaction) adds them up. */
export async function vendasEResumo(banco: OpenDatabase): Promise<{ vendas: { n: number; total: number }; resumo: { n: number; total: number } }> {
  const [vendas] = (await banco.db.execute<{ n: number; total: number }>(sql`select count(*)::int as n, coalesce(sum(total), 0)::int as total from venda where not cancelada`)).rows;
  const [resumo] = (await banco.db.execute<{ n: number; total: number }>(sql`select coalesce(sum(vendas), 0)::int as n, coalesce(sum(total), 0)::int as total from venda_resumo_hora`)).rows;
  return { vendas: vendas!, resumo: resumo! };
}
