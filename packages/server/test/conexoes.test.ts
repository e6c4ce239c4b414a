import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagens } from '@retaguarda/domain';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/client.ts';
import { newId } from '../src/ids.ts';
import { memoryMailer } from '../src/mail/mailer.ts';
import { autenticarTerminal } from '../src/sales/credencial.ts';
import { gravarEntradas, lerVenda } from '../src/sales/ingestao.ts';
import { IDLE_TIMEOUTS_MS } from '../src/timeouts.ts';
import { createTestContext, onPostgres, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';
import { esperarAte } from './espera.ts';
import { portaLivre } from './processos.ts';
import { pedidoSimples, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

// What the database connection layer owes every request, whatever happened to the connection before:
// closed after idle, discarded dirty, lost in the middle of a transaction.
let ctx: TestContext;
let cenario: CenarioVendas;
let numero = 0;
const vender = async () => {
  const res = await cenario.enviar(pedidoSimples(cenario, `CONEXAO-${++numero}`));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

beforeAll(async () => {
  ctx = await createTestContext();
  cenario = await prepararVendas(ctx, apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br')));
});
afterAll(async () => ctx?.close());

describe('database connections', () => {
  it('a sale after the pool closed its idle connection is stored (issue: sales stopped after 15 s idle)', async () => {
    await vender();
    // The pool closes a connection idle for IDLE_TIMEOUTS_MS.poolIdle; wait for that, not for a time.
    await esperarAte(() => ctx.pool.totalCount === 0, IDLE_TIMEOUTS_MS.poolIdle * 4, 'o pool fechar a conexão ociosa');
    await vender();
    await vender();
  }, 120_000);

  it('a new connection never inherits the session a discarded one left behind', async () => {
    const suja = await ctx.pool.connect();
    await suja.query(`select set_config('app.grupo_empresarial_id', 'outro-grupo', false)`);
    await suja.query('create temporary table rascunho (valor text)');
    await suja.query('select pg_advisory_lock(4242)');
    await suja.query({ name: 'rascunho_preparado', text: 'select 1' });
    suja.release(true);

    const nova = await ctx.pool.connect();
    try {
      // This session's view only: the discarded backend may still be ending, and pg_class / pg_locks show every session.
      const { rows } = await nova.query<{ grupo: string | null; temporarias: number; travas: number; preparadas: number }>(`select
        nullif(current_setting('app.grupo_empresarial_id', true), '') as grupo,
        (select count(*)::int from pg_class where relname = 'rascunho' and relpersistence = 't' and pg_table_is_visible(oid)) as temporarias,
        (select count(*)::int from pg_locks where locktype = 'advisory' and objid = 4242 and pid = pg_backend_pid()) as travas,
        (select count(*)::int from pg_prepared_statements) as preparadas`);
      expect(rows[0]).toEqual({ grupo: null, temporarias: 0, travas: 0, preparadas: 0 });
    } finally {
      nova.release();
    }
    await vender();
  });

  it('a connection lost in the middle of a transaction loses only that transaction; the next sale is stored', async () => {
    await ctx.db.execute(sql`create table if not exists marca_conexao (valor text)`);
    const cliente = await ctx.pool.connect();
    await cliente.query('begin');
    await cliente.query(`insert into marca_conexao values ('perdida')`);
    if (onPostgres) {
      // As an administrator would, or a failover: the server ends the backend under the open transaction.
      const { rows } = await cliente.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = await ctx.pool.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      admin.release();
      await expect(cliente.query('commit')).rejects.toThrow();
      cliente.release();
    } else {
      // PGlite has one backend: the connection itself goes away with the transaction open.
      cliente.release(new Error('conexão perdida'));
    }
    await vender();
    expect((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from marca_conexao`)).rows[0]!.n).toBe(0);
  });

  it('a sale written again after its COMMIT lost its answer is answered as stored (201), a resend as a duplicate (200)', async () => {
    const t = await autenticarTerminal(ctx.db, `Bearer ${cenario.token}`);
    const body = pedidoSimples(cenario, 'CONEXAO-RESPOSTA-PERDIDA');
    const entrada = { t, venda: lerVenda(body), original: body, id: newId() };
    // Committed, but suppose the connection died before the answer came: the retry writes it again.
    const [primeira] = await gravarEntradas(ctx.db, [entrada]);
    const [repetida] = await gravarEntradas(ctx.db, [entrada]);
    expect(repetida).toEqual({ ...primeira, duplicado: false });
    // The terminal sending the same order again is a resend: the stored sale, marked as a duplicate.
    const reenvio = await cenario.enviar(body);
    expect(reenvio.status).toBe(200);
    expect(reenvio.body.data).toMatchObject({ _id: primeira!._id, duplicado: true });
    const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from venda where pedido_id = 'CONEXAO-RESPOSTA-PERDIDA'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('answers 503 with a Portuguese message while the database cannot be reached', async () => {
    // Nothing listens on this port: a database down, restarting, or unreachable.
    const handle = createDatabase(`postgres://postgres@127.0.0.1:${await portaLivre()}/postgres`, { max: 1 });
    const app = await buildApp({ ...handle, config: ctx.config, mailer: memoryMailer(), logger: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin@demo.com.br', senha: 'demo1234' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ valido: false, data: { message: mensagens.bancoIndisponivel } });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await handle.pool.end();
    }
  });
});
